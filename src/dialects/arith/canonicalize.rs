//! Canonicalization patterns of the `arith` ops (`hasCanonicalizer`), after MLIR's
//! `ArithCanonicalization.td`: chains of additions, subtractions and multiplications by
//! constants are reassociated into one op with a combined constant, and `cmpi` gets its
//! constant operand on the right.

use crate::ir::{AttrKind, Attribute, Context, OpId, Type, ValueId};
use crate::rewrite::fold::constant_value;
use crate::rewrite::{MatchResult, PatternRewriter, RewritePattern, RewritePatternSet};

/// One reassociation `outer(inner(..), c1)`: which side of `outer` holds `inner`, which
/// side of `inner` holds its constant `c0`, what to build and how to combine constants.
#[derive(Clone, Copy)]
struct Reassociate {
    name: &'static str,
    root: &'static str,
    /// Operand index of `inner` in the root (the constant `c1` is the other one).
    inner_at: usize,
    inner: &'static str,
    /// Operand index of `c0` in `inner` (`x` is the other one).
    c0_at: usize,
    /// The op to build: `(name, constant first)`.
    result: (&'static str, bool),
    combine: fn(i128, i128) -> i128,
}

const REASSOCIATIONS: &[Reassociate] = &[
    Reassociate {
        name: "AddIAddConstant",
        root: "arith.addi",
        inner_at: 0,
        inner: "arith.addi",
        c0_at: 1,
        result: ("arith.addi", false),
        combine: |c0, c1| c0.wrapping_add(c1),
    },
    Reassociate {
        name: "AddISubConstantRHS",
        root: "arith.addi",
        inner_at: 0,
        inner: "arith.subi",
        c0_at: 1,
        result: ("arith.addi", false),
        combine: |c0, c1| c1.wrapping_sub(c0),
    },
    Reassociate {
        name: "AddISubConstantLHS",
        root: "arith.addi",
        inner_at: 0,
        inner: "arith.subi",
        c0_at: 0,
        result: ("arith.subi", true),
        combine: |c0, c1| c0.wrapping_add(c1),
    },
    Reassociate {
        name: "SubIRHSAddConstant",
        root: "arith.subi",
        inner_at: 0,
        inner: "arith.addi",
        c0_at: 1,
        result: ("arith.addi", false),
        combine: |c0, c1| c0.wrapping_sub(c1),
    },
    Reassociate {
        name: "SubILHSAddConstant",
        root: "arith.subi",
        inner_at: 1,
        inner: "arith.addi",
        c0_at: 1,
        result: ("arith.subi", true),
        combine: |c0, c1| c1.wrapping_sub(c0),
    },
    Reassociate {
        name: "SubIRHSSubConstantRHS",
        root: "arith.subi",
        inner_at: 0,
        inner: "arith.subi",
        c0_at: 1,
        result: ("arith.subi", false),
        combine: |c0, c1| c0.wrapping_add(c1),
    },
    Reassociate {
        name: "SubIRHSSubConstantLHS",
        root: "arith.subi",
        inner_at: 0,
        inner: "arith.subi",
        c0_at: 0,
        result: ("arith.subi", true),
        combine: |c0, c1| c0.wrapping_sub(c1),
    },
    Reassociate {
        name: "SubILHSSubConstantRHS",
        root: "arith.subi",
        inner_at: 1,
        inner: "arith.subi",
        c0_at: 1,
        result: ("arith.subi", true),
        combine: |c0, c1| c0.wrapping_add(c1),
    },
    Reassociate {
        name: "SubILHSSubConstantLHS",
        root: "arith.subi",
        inner_at: 1,
        inner: "arith.subi",
        c0_at: 0,
        result: ("arith.addi", false),
        combine: |c0, c1| c1.wrapping_sub(c0),
    },
    Reassociate {
        name: "MulIMulIConstant",
        root: "arith.muli",
        inner_at: 0,
        inner: "arith.muli",
        c0_at: 1,
        result: ("arith.muli", false),
        combine: |c0, c1| c0.wrapping_mul(c1),
    },
];

/// A scalar integer constant operand.
fn int_operand<'c>(
    ctx: &'c Context,
    rw: &PatternRewriter<'_, 'c>,
    v: ValueId,
) -> Option<(i128, Type<'c>)> {
    let a = constant_value(ctx, rw.body(), v)?;
    match a.kind() {
        AttrKind::Integer { value, ty } => Some((*value, *ty)),
        _ => None,
    }
}

/// The overflow flags of an op as names (`nsw`, `nuw`); absent means none.
fn overflow_flags<'c>(rw: &PatternRewriter<'_, 'c>, op: OpId) -> Vec<&'c str> {
    let Some(a) = rw.body().attr(op, "overflowFlags") else {
        return Vec::new();
    };
    match a.kind() {
        AttrKind::Opaque { body, .. } => body
            .trim_start_matches("overflow<")
            .trim_end_matches('>')
            .split(',')
            .map(str::trim)
            .filter(|f| !f.is_empty() && *f != "none")
            .collect(),
        _ => Vec::new(),
    }
}

/// The flags both ops carry (MLIR's `MergeOverflow`), as a property value: always
/// present, as on ops MLIR builds (`#arith.overflow<none>` when empty).
fn merged_overflow<'c>(
    ctx: &'c Context,
    rw: &PatternRewriter<'_, 'c>,
    a: OpId,
    b: OpId,
) -> Attribute<'c> {
    let fb = overflow_flags(rw, b);
    let both: Vec<&str> = overflow_flags(rw, a)
        .into_iter()
        .filter(|f| fb.contains(f))
        .collect();
    super::overflow_attr(ctx, &both)
}

impl RewritePattern for Reassociate {
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn benefit(&self) -> u16 {
        2
    }
    fn generated_ops(&self) -> &'static [&'static str] {
        &["arith.constant", "arith.addi", "arith.subi", "arith.muli"]
    }
    fn match_and_rewrite<'c>(&self, op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
        let ctx = rw.context();
        let body = rw.body();
        let inner_v = body.operand(op, self.inner_at);
        let Some(inner) = body
            .defining_op(inner_v)
            .filter(|&d| body.op_name(d).as_str() == self.inner)
        else {
            return rw.notify_match_failure(op, "operand is not the expected inner op");
        };
        let Some((c1, ty)) = int_operand(ctx, rw, rw.body().operand(op, 1 - self.inner_at)) else {
            return rw.notify_match_failure(op, "no constant operand");
        };
        let Some((c0, _)) = int_operand(ctx, rw, rw.body().operand(inner, self.c0_at)) else {
            return rw.notify_match_failure(op, "inner op has no constant operand");
        };
        let x = rw.body().operand(inner, 1 - self.c0_at);
        // MLIR's DRR fuses the root's location with the first constant op its pattern
        // matched (depth first), not with the inner op.
        let first_const = if self.inner_at == 0 {
            rw.body().operand(inner, self.c0_at)
        } else {
            rw.body().operand(op, 0)
        };
        let const_loc = rw
            .body()
            .defining_op(first_const)
            .map(|d| rw.body().op_loc(d));
        let mut locs = vec![rw.body().op_loc(op)];
        locs.extend(const_loc);
        let loc = ctx.fused_loc(&locs, None);
        let flags = merged_overflow(ctx, rw, inner, op);
        rw.set_insertion_point_before(op);
        let Some(value) = super::fold::int_attr_wrapped(ctx, ty, (self.combine)(c0, c1)) else {
            return rw.notify_match_failure(op, "not an integer type");
        };
        let cst = rw.create_op(
            "arith.constant",
            loc,
            &[],
            &[ty],
            Some(ctx.dict_with(None, "value", Some(value))),
        );
        let c = rw.body().result(cst, 0);
        let (name, const_first) = self.result;
        let operands = if const_first { [c, x] } else { [x, c] };
        let props = Some(ctx.dict_with(None, "overflowFlags", Some(flags)));
        let new = rw.create_op(name, loc, &operands, &[ty], props);
        let r = rw.body().result(new, 0);
        rw.replace_op(op, &[r]);
        Ok(())
    }
}

/// `cmpi pred, %c, %x` with a constant `%c` becomes `cmpi swapped(pred), %x, %c`.
fn cmpi_constant_to_rhs<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let (l, r) = (body.operand(op, 0), body.operand(op, 1));
    if constant_value(ctx, body, l).is_none() || constant_value(ctx, body, r).is_some() {
        return rw.notify_match_failure(op, "constant is not on the left only");
    }
    let Some(pred) = body.attr(op, "predicate").and_then(|p| p.as_int()) else {
        return rw.notify_match_failure(op, "no predicate");
    };
    // slt<->sgt, sle<->sge, ult<->ugt, ule<->uge; eq and ne stay.
    let swapped = match pred {
        2 => 4,
        4 => 2,
        3 => 5,
        5 => 3,
        6 => 8,
        8 => 6,
        7 => 9,
        9 => 7,
        p => p,
    };
    let pred_ty = body
        .attr(op, "predicate")
        .and_then(|p| p.ty())
        .unwrap_or(ctx.int_type(64));
    let props = ctx.dict_with(
        body.op_props(op),
        "predicate",
        Some(ctx.int_attr(pred_ty, swapped)),
    );
    rw.modify_op_in_place(op, |b| {
        b.set_op_props(op, Some(props));
        b.set_operands(op, &[r, l]);
    });
    Ok(())
}

fn add_reassociations(set: &mut RewritePatternSet, root: &str) {
    for r in REASSOCIATIONS.iter().filter(|r| r.root == root) {
        set.add(*r);
    }
}

/// `arith.addi` patterns.
pub fn canonicalization_patterns_addi(set: &mut RewritePatternSet) {
    add_reassociations(set, "arith.addi");
}
/// `arith.subi` patterns.
pub fn canonicalization_patterns_subi(set: &mut RewritePatternSet) {
    add_reassociations(set, "arith.subi");
}
/// `arith.muli` patterns.
pub fn canonicalization_patterns_muli(set: &mut RewritePatternSet) {
    add_reassociations(set, "arith.muli");
}
/// `arith.cmpi` patterns.
pub fn canonicalization_patterns_cmpi(set: &mut RewritePatternSet) {
    set.add_fn("arith.cmpi", "CmpIConstantToRHS", cmpi_constant_to_rhs);
}
