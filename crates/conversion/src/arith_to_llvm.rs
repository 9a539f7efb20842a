//! `convert-arith-to-llvm`: `arith` ops to their `llvm` counterparts (MLIR's
//! `ArithToLLVM`). Most ops map one to one, carrying their overflow and fast-math
//! flags; index casts become extensions or truncations (or nothing), the extended
//! arithmetic ops are spelled out. `ceildivsi`, `ceildivui` and `floordivsi` are not
//! lowered (MLIR expands them with `arith-expand` first) and stay illegal.

use smallvec::SmallVec;

use super::llvm_common::{apply_llvm_conversion, enum_keywords, lower_one_to_one, named};
use pto_dialects::arith;
use pto_dialects::llvm::{self, ConstantOp};
use pto_ir::{Attribute, Context, Diagnostic, NamedAttribute, OpId, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{ConversionPatternRewriter, ConversionPatternSet};
use pto_rewrite::MatchResult;

impl Pass for crate::ArithToLLVMConversionPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        apply_llvm_conversion(
            ctx,
            target.body,
            self.options.index_bitwidth,
            &[],
            populate_arith_to_llvm_patterns,
        )
    }
}

/// `arith` ops that become one `llvm` op of the same operands: (arith, llvm, flags).
const DIRECT: &[(&str, &str, Flags)] = &[
    (arith::AddIOp::NAME, llvm::AddOp::NAME, Flags::Overflow),
    (arith::SubIOp::NAME, llvm::SubOp::NAME, Flags::Overflow),
    (arith::MulIOp::NAME, llvm::MulOp::NAME, Flags::Overflow),
    (arith::DivSIOp::NAME, llvm::SDivOp::NAME, Flags::None),
    (arith::DivUIOp::NAME, llvm::UDivOp::NAME, Flags::None),
    (arith::RemSIOp::NAME, llvm::SRemOp::NAME, Flags::None),
    (arith::RemUIOp::NAME, llvm::URemOp::NAME, Flags::None),
    (arith::AndIOp::NAME, llvm::AndOp::NAME, Flags::None),
    (arith::OrIOp::NAME, llvm::OrOp::NAME, Flags::None),
    (arith::XOrIOp::NAME, llvm::XOrOp::NAME, Flags::None),
    (arith::ShLIOp::NAME, llvm::ShlOp::NAME, Flags::Overflow),
    (arith::ShRSIOp::NAME, llvm::AShrOp::NAME, Flags::None),
    (arith::ShRUIOp::NAME, llvm::LShrOp::NAME, Flags::None),
    (arith::MaxSIOp::NAME, llvm::SMaxOp::NAME, Flags::None),
    (arith::MaxUIOp::NAME, llvm::UMaxOp::NAME, Flags::None),
    (arith::MinSIOp::NAME, llvm::SMinOp::NAME, Flags::None),
    (arith::MinUIOp::NAME, llvm::UMinOp::NAME, Flags::None),
    (arith::AddFOp::NAME, llvm::FAddOp::NAME, Flags::Fastmath),
    (arith::SubFOp::NAME, llvm::FSubOp::NAME, Flags::Fastmath),
    (arith::MulFOp::NAME, llvm::FMulOp::NAME, Flags::Fastmath),
    (arith::DivFOp::NAME, llvm::FDivOp::NAME, Flags::Fastmath),
    (arith::RemFOp::NAME, llvm::FRemOp::NAME, Flags::Fastmath),
    (arith::NegFOp::NAME, llvm::FNegOp::NAME, Flags::Fastmath),
    (
        arith::MaximumFOp::NAME,
        llvm::MaximumOp::NAME,
        Flags::Fastmath,
    ),
    (
        arith::MinimumFOp::NAME,
        llvm::MinimumOp::NAME,
        Flags::Fastmath,
    ),
    (
        arith::MaxNumFOp::NAME,
        llvm::MaxNumOp::NAME,
        Flags::Fastmath,
    ),
    (
        arith::MinNumFOp::NAME,
        llvm::MinNumOp::NAME,
        Flags::Fastmath,
    ),
    (arith::ExtSIOp::NAME, llvm::SExtOp::NAME, Flags::None),
    (arith::ExtUIOp::NAME, llvm::ZExtOp::NAME, Flags::None),
    (arith::TruncIOp::NAME, llvm::TruncOp::NAME, Flags::Overflow),
    (arith::ExtFOp::NAME, llvm::FPExtOp::NAME, Flags::None),
    (arith::TruncFOp::NAME, llvm::FPTruncOp::NAME, Flags::None),
    (arith::SIToFPOp::NAME, llvm::SIToFPOp::NAME, Flags::None),
    (arith::UIToFPOp::NAME, llvm::UIToFPOp::NAME, Flags::None),
    (arith::FPToSIOp::NAME, llvm::FPToSIOp::NAME, Flags::None),
    (arith::FPToUIOp::NAME, llvm::FPToUIOp::NAME, Flags::None),
    (arith::BitcastOp::NAME, llvm::BitcastOp::NAME, Flags::None),
    (arith::SelectOp::NAME, llvm::SelectOp::NAME, Flags::None),
    (arith::CmpIOp::NAME, llvm::ICmpOp::NAME, Flags::Predicate),
    (
        arith::CmpFOp::NAME,
        llvm::FCmpOp::NAME,
        Flags::PredicateFastmath,
    ),
];

/// Casts from or to floats: like float arithmetic, not lowered for float types LLVM
/// has no equivalent of.
const FLOAT_CASTS: &[&str] = &[
    arith::ExtFOp::NAME,
    arith::TruncFOp::NAME,
    arith::SIToFPOp::NAME,
    arith::UIToFPOp::NAME,
    arith::FPToSIOp::NAME,
    arith::FPToUIOp::NAME,
];

/// Which attributes carry over to the `llvm` op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Flags {
    None,
    /// `overflowFlags` (`#arith.overflow<nsw, nuw>` to the bit mask `llvm` uses).
    Overflow,
    /// `fastmath` to `fastmathFlags` (same keywords).
    Fastmath,
    /// `predicate` (arith's and LLVM's predicate numbering agree).
    Predicate,
    PredicateFastmath,
}

/// Adds the lowering of `arith` to `llvm`.
pub fn populate_arith_to_llvm_patterns(set: &mut ConversionPatternSet) {
    // `truncf` has its own pattern (a rounding mode needs the constrained intrinsic),
    // which falls back to the direct lowering.
    for &(from, _, _) in DIRECT.iter().filter(|d| d.0 != arith::TruncFOp::NAME) {
        set.add_fn(from, "ArithDirectLowering", lower_direct);
    }
    set.add_op::<arith::ConstantOp>("ConstantOpLowering", lower_constant)
        .add_fn(
            arith::IndexCastOp::NAME,
            "IndexCastOpSILowering",
            lower_index_cast,
        )
        .add_fn(
            arith::IndexCastUIOp::NAME,
            "IndexCastOpUILowering",
            lower_index_cast,
        )
        .add_fn(
            arith::TruncFOp::NAME,
            "TruncFOpRoundingLowering",
            lower_truncf_rounding,
        )
        .add_op::<arith::AddUIExtendedOp>("AddUIExtendedOpLowering", lower_addui_extended)
        .add_fn(
            arith::MulSIExtendedOp::NAME,
            "MulSIExtendedOpLowering",
            lower_mul_extended,
        )
        .add_fn(
            arith::MulUIExtendedOp::NAME,
            "MulUIExtendedOpLowering",
            lower_mul_extended,
        )
        .add_fn(
            arith::CeilDivSIOp::NAME,
            "CeilDivSIOpConverter",
            lower_rounding_div,
        )
        .add_fn(
            arith::CeilDivUIOp::NAME,
            "CeilDivUIOpConverter",
            lower_rounding_div,
        )
        .add_fn(
            arith::FloorDivSIOp::NAME,
            "FloorDivSIOpConverter",
            lower_rounding_div,
        );
}

/// `ceildivsi`, `ceildivui`, `floordivsi`: expanded into `arith` ops, which this
/// conversion then lowers.
fn lower_rounding_div<'c>(
    op: OpId,
    _: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    use pto_dialects::arith::expand;
    // Expanded on the original operands, as MLIR's rewrite pattern does: the new ops
    // are converted in turn (index constants keep their `index` attribute).
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    if ty.shape().is_some_and(|s| s.len() > 1) {
        return rw.notify_match_failure(op, "n-D vectors are not unrolled");
    }
    let (lhs, rhs) = (body.operand(op, 0), body.operand(op, 1));
    let loc = body.op_loc(op);
    let expand = match body.op_name(op).as_str() {
        arith::CeilDivSIOp::NAME => expand::expand_ceildivsi,
        arith::CeilDivUIOp::NAME => expand::expand_ceildivui,
        _ => expand::expand_floordivsi,
    };
    rw.set_insertion_point_before(op);
    let r = rw.build(|b| expand(b, loc, ty, lhs, rhs));
    rw.replace_op(op, &[r]);
    Ok(())
}

/// `truncf` with a rounding mode: `llvm.intr.experimental.constrained.fptrunc` with
/// that mode (exceptions ignored), as MLIR lowers it; a plain `fptrunc` would round to
/// nearest whatever the op says. Without a mode, the direct lowering applies.
fn lower_truncf_rounding<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let Some(mode) = body.attr(op, "roundingmode").and_then(|a| a.as_int()) else {
        return lower_direct(op, operands, rw);
    };
    // arith's numbering (to_nearest_even, downward, upward, toward_zero,
    // to_nearest_away) to `llvm::RoundingMode`'s.
    let llvm_mode = match mode {
        0 => 1,
        1 => 3,
        2 => 2,
        3 => 0,
        4 => 4,
        _ => return rw.notify_match_failure(op, "unknown rounding mode"),
    };
    let Some(res_ty) = rw.convert_type(body.value_type(body.result(op, 0))) else {
        return rw.notify_match_failure(op, "result type does not convert");
    };
    if !is_llvm_float_like(res_ty) || !is_llvm_float_like(body.value_type(operands[0])) {
        return rw.notify_match_failure(op, "not an LLVM floating-point type");
    }
    let ctx = rw.context();
    let loc = body.op_loc(op);
    let i64t = ctx.int_type(64);
    rw.set_insertion_point_before(op);
    let r = rw.build(|b| {
        llvm::ConstrainedFPTruncIntr::build(
            b,
            loc,
            operands[0],
            res_ty,
            ctx.int_attr(i64t, llvm_mode),
            ctx.int_attr(i64t, 0),
        )
        .res(b.body())
    });
    rw.replace_op(op, &[r]);
    Ok(())
}

/// Whether `t` (a converted type) is a float or a vector of floats: floats LLVM has no
/// type for (`f8E4M3FN`, `f4E2M1FN`, ...) convert to integers, and arithmetic on them
/// is not lowered (as in MLIR, the op stays).
fn is_llvm_float_like(t: pto_ir::Type<'_>) -> bool {
    t.element_type().unwrap_or(t).is_float()
}

/// The `llvm` overflow bit mask of an `#arith.overflow<...>` attribute (nsw = 1,
/// nuw = 2).
fn overflow_mask(a: Option<Attribute<'_>>) -> i128 {
    enum_keywords(a).map_or(0, |k| {
        k.split(',')
            .map(|f| match f.trim() {
                "nsw" => 1,
                "nuw" => 2,
                _ => 0,
            })
            .sum()
    })
}

fn lower_direct<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let name = rw.body().op_name(op);
    let Some(&(_, to, flags)) = DIRECT.iter().find(|d| d.0 == name.as_str()) else {
        return rw.notify_match_failure(op, "not a direct lowering");
    };
    let body = rw.body();
    let on_floats = matches!(flags, Flags::Fastmath | Flags::PredicateFastmath)
        || FLOAT_CASTS.contains(&name.as_str());
    if on_floats {
        let result = body.value_type(body.result(op, 0));
        let converted_result = rw.convert_type(result);
        let float_ok = operands
            .iter()
            .map(|&v| Some(body.value_type(v)))
            .chain(std::iter::once(converted_result))
            .zip(body.operands(op).chain(std::iter::once(body.result(op, 0))))
            .all(|(converted, original)| {
                let original = body.value_type(original);
                !original.element_type().unwrap_or(original).is_float()
                    || converted.is_some_and(is_llvm_float_like)
            });
        if !float_ok {
            return rw.notify_match_failure(op, "a float type without an LLVM equivalent");
        }
    }
    if name.as_str() == arith::BitcastOp::NAME {
        // A bitcast between types that convert to the same LLVM type (`f8E4M3FN` and
        // `i8`) is no op at all; MLIR's result has none either.
        let result = rw.convert_type(body.value_type(body.result(op, 0)));
        if result == Some(body.value_type(operands[0])) {
            rw.replace_op(op, &[operands[0]]);
            return Ok(());
        }
    }
    let mut props: SmallVec<[NamedAttribute<'c>; 2]> = SmallVec::new();
    if matches!(flags, Flags::Predicate | Flags::PredicateFastmath) {
        if let Some(p) = body.attr(op, "predicate") {
            let v = p.as_int().unwrap_or(0);
            props.push(named(ctx, "predicate", ctx.int_attr(ctx.int_type(64), v)));
        }
    }
    if flags == Flags::Overflow {
        let mask = overflow_mask(body.attr(op, "overflowFlags"));
        props.push(named(
            ctx,
            "overflowFlags",
            ctx.int_attr(ctx.int_type(32), mask),
        ));
    }
    if matches!(flags, Flags::Fastmath | Flags::PredicateFastmath) {
        let kw = enum_keywords(body.attr(op, "fastmath")).unwrap_or("none");
        props.push(named(
            ctx,
            "fastmathFlags",
            llvm::enum_attr(ctx, "fastmath", kw),
        ));
    }
    lower_one_to_one(rw, op, operands, to, &props)
}

fn lower_constant<'c>(
    op: arith::ConstantOp,
    _: arith::ConstantOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let Some(value) = body.attr(op.0, "value") else {
        return rw.notify_match_failure(op.0, "constant without value");
    };
    let ty = body.value_type(body.result(op.0, 0));
    let Some(new_ty) = rw.convert_type(ty) else {
        return rw.notify_match_failure(op.0, "result type does not convert");
    };
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let c = rw.build(|b| ConstantOp::build(b, loc, new_ty, value).res(b.body()));
    rw.replace_op(op.0, &[c]);
    Ok(())
}

/// `index_cast` (sign-extending) and `index_castui` (zero-extending): an extension, a
/// truncation, or the operand itself when the widths agree.
fn lower_index_cast<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let from = body.value_type(operands[0]);
    let Some(to) = rw.convert_type(body.value_type(body.result(op, 0))) else {
        return rw.notify_match_failure(op, "result type does not convert");
    };
    let width = |mut t: pto_ir::Type<'c>| {
        while let Some(a) = llvm::LLVMArrayType::from_type(t) {
            t = a.element_type();
        }
        t.element_type().unwrap_or(t).int_width()
    };
    let (Some(fw), Some(tw)) = (width(from), width(to)) else {
        return rw.notify_match_failure(op, "not an integer cast");
    };
    if fw == tw {
        rw.replace_op(op, &[operands[0]]);
        return Ok(());
    }
    let ctx = rw.context();
    let signed = body.op_name(op).as_str() == arith::IndexCastOp::NAME;
    let (name, props): (&str, SmallVec<[NamedAttribute<'c>; 1]>) = if tw < fw {
        let none = named(ctx, "overflowFlags", ctx.int_attr(ctx.int_type(32), 0));
        (llvm::TruncOp::NAME, SmallVec::from_slice(&[none]))
    } else if signed {
        (llvm::SExtOp::NAME, SmallVec::new())
    } else {
        (llvm::ZExtOp::NAME, SmallVec::new())
    };
    lower_one_to_one(rw, op, operands, name, &props)
}

/// `addui_extended`: `llvm.intr.uadd.with.overflow`, split into the sum and the carry.
fn lower_addui_extended<'c>(
    op: arith::AddUIExtendedOp,
    adaptor: arith::AddUIExtendedOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let (ty, loc) = (body.value_type(adaptor.lhs()), body.op_loc(op.0));
    let Some(flag_ty) = rw.convert_type(body.value_type(body.result(op.0, 1))) else {
        return rw.notify_match_failure(op.0, "result type does not convert");
    };
    if int_or_1d_vector(ty).is_none() {
        return rw.notify_match_failure(op.0, "n-D vectors are not unrolled");
    }
    let ctx = rw.context();
    let pair = llvm::struct_type(ctx, &[ty, flag_ty], false);
    rw.set_insertion_point_before(op.0);
    let (sum, carry) = rw.build(|b| {
        let r = llvm::UAddWithOverflowOp::build(b, loc, adaptor.lhs(), adaptor.rhs(), pair);
        let r = r.res(b.body());
        let field = |b: &mut pto_ir::builder::OpBuilder<'_, 'c>, i: i64, t| {
            llvm::ExtractValueOp::build(b, loc, r, t, ctx.dense_int_array(64, &[i])).res(b.body())
        };
        (field(b, 0, ty), field(b, 1, flag_ty))
    });
    rw.replace_op(op.0, &[sum, carry]);
    Ok(())
}

/// The width of an integer type, or of the elements of a 1-D vector of integers with
/// its length.
fn int_or_1d_vector(t: pto_ir::Type<'_>) -> Option<(u32, Option<i64>)> {
    match t.kind() {
        pto_ir::TypeKind::Vector {
            shape: [n],
            scalable: [false],
            element,
        } => Some((element.int_width()?, Some(*n))),
        pto_ir::TypeKind::Vector { .. } => None,
        _ => Some((t.int_width()?, None)),
    }
}

/// `mulsi_extended`/`mului_extended`: the product at twice the width, split into its
/// low and high halves.
fn lower_mul_extended<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(operands[0]);
    let loc = body.op_loc(op);
    let signed = body.op_name(op).as_str() == arith::MulSIExtendedOp::NAME;
    let Some((width, lanes)) = int_or_1d_vector(ty) else {
        return rw.notify_match_failure(op, "n-D vectors are not unrolled");
    };
    let ctx = rw.context();
    let wide_int = ctx.int_type(width * 2);
    let (wide, shift_value) = match lanes {
        None => (wide_int, ctx.int_attr(wide_int, i128::from(width))),
        Some(n) => {
            let wide = ctx.vector_type(&[n], wide_int);
            (wide, ctx.dense_splat(wide, u128::from(width)))
        }
    };
    rw.set_insertion_point_before(op);
    let (low, high) = rw.build(|b| {
        let ext = |b: &mut pto_ir::builder::OpBuilder<'_, 'c>, v| {
            if signed {
                llvm::SExtOp::build(b, loc, v, wide).res(b.body())
            } else {
                llvm::ZExtOp::build(b, loc, v, wide, None).res(b.body())
            }
        };
        let (l, r) = (ext(b, operands[0]), ext(b, operands[1]));
        let none = Some(ctx.int_attr(ctx.int_type(32), 0));
        let prod = llvm::MulOp::build(b, loc, l, r, wide, none).res(b.body());
        let low = llvm::TruncOp::build(b, loc, prod, ty, none).res(b.body());
        let shift = ConstantOp::build(b, loc, wide, shift_value);
        let shift = shift.res(b.body());
        let hi = llvm::LShrOp::build(b, loc, prod, shift, wide, None).res(b.body());
        let high = llvm::TruncOp::build(b, loc, hi, ty, none).res(b.body());
        (low, high)
    });
    rw.replace_op(op, &[low, high]);
    Ok(())
}
