//! `convert-arith-to-llvm`: `arith` ops to their `llvm` counterparts (MLIR's
//! `ArithToLLVM`). Most ops map one to one, carrying their overflow and fast-math
//! flags; index casts become extensions or truncations (or nothing), the extended
//! arithmetic ops are spelled out. `ceildivsi`, `ceildivui` and `floordivsi` are not
//! lowered (MLIR expands them with `arith-expand` first) and stay illegal.

use smallvec::SmallVec;

use super::llvm_common::{apply_llvm_conversion, enum_keywords, lower_one_to_one, named};
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
    ("arith.addi", "llvm.add", Flags::Overflow),
    ("arith.subi", "llvm.sub", Flags::Overflow),
    ("arith.muli", "llvm.mul", Flags::Overflow),
    ("arith.divsi", "llvm.sdiv", Flags::None),
    ("arith.divui", "llvm.udiv", Flags::None),
    ("arith.remsi", "llvm.srem", Flags::None),
    ("arith.remui", "llvm.urem", Flags::None),
    ("arith.andi", "llvm.and", Flags::None),
    ("arith.ori", "llvm.or", Flags::None),
    ("arith.xori", "llvm.xor", Flags::None),
    ("arith.shli", "llvm.shl", Flags::Overflow),
    ("arith.shrsi", "llvm.ashr", Flags::None),
    ("arith.shrui", "llvm.lshr", Flags::None),
    ("arith.maxsi", "llvm.intr.smax", Flags::None),
    ("arith.maxui", "llvm.intr.umax", Flags::None),
    ("arith.minsi", "llvm.intr.smin", Flags::None),
    ("arith.minui", "llvm.intr.umin", Flags::None),
    ("arith.addf", "llvm.fadd", Flags::Fastmath),
    ("arith.subf", "llvm.fsub", Flags::Fastmath),
    ("arith.mulf", "llvm.fmul", Flags::Fastmath),
    ("arith.divf", "llvm.fdiv", Flags::Fastmath),
    ("arith.remf", "llvm.frem", Flags::Fastmath),
    ("arith.negf", "llvm.fneg", Flags::Fastmath),
    ("arith.maximumf", "llvm.intr.maximum", Flags::Fastmath),
    ("arith.minimumf", "llvm.intr.minimum", Flags::Fastmath),
    ("arith.maxnumf", "llvm.intr.maxnum", Flags::Fastmath),
    ("arith.minnumf", "llvm.intr.minnum", Flags::Fastmath),
    ("arith.extsi", "llvm.sext", Flags::None),
    ("arith.extui", "llvm.zext", Flags::None),
    ("arith.trunci", "llvm.trunc", Flags::Overflow),
    ("arith.extf", "llvm.fpext", Flags::None),
    ("arith.truncf", "llvm.fptrunc", Flags::None),
    ("arith.sitofp", "llvm.sitofp", Flags::None),
    ("arith.uitofp", "llvm.uitofp", Flags::None),
    ("arith.fptosi", "llvm.fptosi", Flags::None),
    ("arith.fptoui", "llvm.fptoui", Flags::None),
    ("arith.bitcast", "llvm.bitcast", Flags::None),
    ("arith.select", "llvm.select", Flags::None),
    ("arith.cmpi", "llvm.icmp", Flags::Predicate),
    ("arith.cmpf", "llvm.fcmp", Flags::PredicateFastmath),
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
    set.add_fn("arith.constant", "ConstantOpLowering", lower_constant)
        .add_fn(
            "arith.index_cast",
            "IndexCastOpSILowering",
            lower_index_cast,
        )
        .add_fn(
            "arith.index_castui",
            "IndexCastOpUILowering",
            lower_index_cast,
        )
        .add_fn(
            "arith.addui_extended",
            "AddUIExtendedOpLowering",
            lower_addui_extended,
        )
        .add_fn(
            "arith.mulsi_extended",
            "MulSIExtendedOpLowering",
            lower_mul_extended,
        )
        .add_fn(
            "arith.mului_extended",
            "MulUIExtendedOpLowering",
            lower_mul_extended,
        )
        .add_fn(
            "arith.ceildivsi",
            "CeilDivSIOpConverter",
            lower_rounding_div,
        )
        .add_fn(
            "arith.ceildivui",
            "CeilDivUIOpConverter",
            lower_rounding_div,
        )
        .add_fn(
            "arith.floordivsi",
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
        "arith.ceildivsi" => expand::expand_ceildivsi,
        "arith.ceildivui" => expand::expand_ceildivui,
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
    op: OpId,
    _: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let Some(value) = body.attr(op, "value") else {
        return rw.notify_match_failure(op, "constant without value");
    };
    let ty = body.value_type(body.result(op, 0));
    let Some(new_ty) = rw.convert_type(ty) else {
        return rw.notify_match_failure(op, "result type does not convert");
    };
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let c = rw.build(|b| ConstantOp::build(b, loc, new_ty, value).res(b.body()));
    rw.replace_op(op, &[c]);
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
    let signed = body.op_name(op).as_str() == "arith.index_cast";
    let (name, props): (&str, SmallVec<[NamedAttribute<'c>; 1]>) = if tw < fw {
        let none = named(ctx, "overflowFlags", ctx.int_attr(ctx.int_type(32), 0));
        ("llvm.trunc", SmallVec::from_slice(&[none]))
    } else if signed {
        ("llvm.sext", SmallVec::new())
    } else {
        ("llvm.zext", SmallVec::new())
    };
    lower_one_to_one(rw, op, operands, name, &props)
}

/// `addui_extended`: `llvm.intr.uadd.with.overflow`, split into the sum and the carry.
fn lower_addui_extended<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let (ty, loc) = (body.value_type(operands[0]), body.op_loc(op));
    let Some(flag_ty) = rw.convert_type(body.value_type(body.result(op, 1))) else {
        return rw.notify_match_failure(op, "result type does not convert");
    };
    if ty.int_width().is_none() {
        return rw.notify_match_failure(op, "vector operands are not supported");
    }
    let ctx = rw.context();
    let pair = llvm::struct_type(ctx, &[ty, flag_ty], false);
    rw.set_insertion_point_before(op);
    let (sum, carry) = rw.build(|b| {
        let r = llvm::UAddWithOverflowOp::build(b, loc, operands[0], operands[1], pair);
        let r = r.res(b.body());
        let field = |b: &mut pto_ir::builder::OpBuilder<'_, 'c>, i: i64, t| {
            llvm::ExtractValueOp::build(b, loc, r, t, ctx.dense_int_array(64, &[i])).res(b.body())
        };
        (field(b, 0, ty), field(b, 1, flag_ty))
    });
    rw.replace_op(op, &[sum, carry]);
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
    let signed = body.op_name(op).as_str() == "arith.mulsi_extended";
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
