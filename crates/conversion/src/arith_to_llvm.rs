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
    for &(from, _, _) in DIRECT {
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
    if ty.int_width().is_none() {
        return rw.notify_match_failure(op.0, "vector operands are not supported");
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
    let Some(width) = ty.int_width() else {
        return rw.notify_match_failure(op, "vector operands are not supported");
    };
    let ctx = rw.context();
    let wide = ctx.int_type(width * 2);
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
        let shift = ConstantOp::build(b, loc, wide, ctx.int_attr(wide, i128::from(width)));
        let shift = shift.res(b.body());
        let hi = llvm::LShrOp::build(b, loc, prod, shift, wide, None).res(b.body());
        let high = llvm::TruncOp::build(b, loc, hi, ty, none).res(b.body());
        (low, high)
    });
    rw.replace_op(op, &[low, high]);
    Ok(())
}
