//! Canonicalization patterns of the `arith` ops (`hasCanonicalizer`), after MLIR's
//! `ArithCanonicalization.td`: chains of additions, subtractions and multiplications by
//! constants are reassociated into one op with a combined constant, an addition of a
//! product by -1 is a subtraction, and `(a - b) - a` is `0 - b` (`cmpi`'s constant goes
//! to the right by an in-place fold, `fold_in_place.rs`). The helpers here serve the
//! other pattern files too: DRR's benefit is the number of ops matched, and the ops a
//! pattern creates take the fused location of the first that many matched ops in DRR's
//! order (the root, then each nested op's own matches before it, so a constant can stand
//! for an inner op); overflow flags; the one-op DRR results go through `replace_by`.

use smallvec::SmallVec;

use pto_ir::{AttrKind, Attribute, Context, Location, OpId, Type, ValueId};
use pto_rewrite::fold::constant_value;
use pto_rewrite::{FnPattern, MatchResult, PatternRewriter, RewritePattern, RewritePatternSet};

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
    /// Whether the new op keeps the flags both ops carry (else it has none).
    merge_flags: bool,
}

const REASSOCIATIONS: &[Reassociate] = &[
    Reassociate {
        name: "AddIAddConstant",
        root: super::AddIOp::NAME,
        inner_at: 0,
        inner: super::AddIOp::NAME,
        c0_at: 1,
        result: (super::AddIOp::NAME, false),
        combine: |c0, c1| c0.wrapping_add(c1),
        merge_flags: true,
    },
    Reassociate {
        name: "AddISubConstantRHS",
        root: super::AddIOp::NAME,
        inner_at: 0,
        inner: super::SubIOp::NAME,
        c0_at: 1,
        result: (super::AddIOp::NAME, false),
        combine: |c0, c1| c1.wrapping_sub(c0),
        merge_flags: true,
    },
    Reassociate {
        name: "AddISubConstantLHS",
        root: super::AddIOp::NAME,
        inner_at: 0,
        inner: super::SubIOp::NAME,
        c0_at: 0,
        result: (super::SubIOp::NAME, true),
        combine: |c0, c1| c0.wrapping_add(c1),
        merge_flags: true,
    },
    Reassociate {
        name: "SubIRHSAddConstant",
        root: super::SubIOp::NAME,
        inner_at: 0,
        inner: super::AddIOp::NAME,
        c0_at: 1,
        result: (super::AddIOp::NAME, false),
        combine: |c0, c1| c0.wrapping_sub(c1),
        merge_flags: false,
    },
    Reassociate {
        name: "SubILHSAddConstant",
        root: super::SubIOp::NAME,
        inner_at: 1,
        inner: super::AddIOp::NAME,
        c0_at: 1,
        result: (super::SubIOp::NAME, true),
        combine: |c0, c1| c1.wrapping_sub(c0),
        merge_flags: true,
    },
    Reassociate {
        name: "SubIRHSSubConstantRHS",
        root: super::SubIOp::NAME,
        inner_at: 0,
        inner: super::SubIOp::NAME,
        c0_at: 1,
        result: (super::SubIOp::NAME, false),
        combine: |c0, c1| c0.wrapping_add(c1),
        merge_flags: true,
    },
    Reassociate {
        name: "SubIRHSSubConstantLHS",
        root: super::SubIOp::NAME,
        inner_at: 0,
        inner: super::SubIOp::NAME,
        c0_at: 0,
        result: (super::SubIOp::NAME, true),
        combine: |c0, c1| c0.wrapping_sub(c1),
        merge_flags: true,
    },
    Reassociate {
        name: "SubILHSSubConstantRHS",
        root: super::SubIOp::NAME,
        inner_at: 1,
        inner: super::SubIOp::NAME,
        c0_at: 1,
        result: (super::SubIOp::NAME, true),
        combine: |c0, c1| c0.wrapping_add(c1),
        merge_flags: true,
    },
    Reassociate {
        name: "SubILHSSubConstantLHS",
        root: super::SubIOp::NAME,
        inner_at: 1,
        inner: super::SubIOp::NAME,
        c0_at: 0,
        result: (super::AddIOp::NAME, false),
        combine: |c0, c1| c1.wrapping_sub(c0),
        merge_flags: true,
    },
    Reassociate {
        name: "MulIMulIConstant",
        root: super::MulIOp::NAME,
        inner_at: 0,
        inner: super::MulIOp::NAME,
        c0_at: 1,
        result: (super::MulIOp::NAME, false),
        combine: |c0, c1| c0.wrapping_mul(c1),
        merge_flags: true,
    },
];

/// A scalar integer constant operand.
pub(super) fn int_operand<'c>(
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
    super::enum_flags(rw.body().attr(op, "overflowFlags"))
}

/// The flags both ops carry (MLIR's `MergeOverflow`), as a property value: always
/// present, as on ops MLIR builds (`#arith.overflow<none>` when empty).
pub(super) fn merged_overflow<'c>(
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
        &[
            super::ConstantOp::NAME,
            super::AddIOp::NAME,
            super::SubIOp::NAME,
            super::MulIOp::NAME,
        ]
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
        let (root_c1, inner_c0) = (
            rw.body().operand(op, 1 - self.inner_at),
            rw.body().operand(inner, self.c0_at),
        );
        let matched = if self.inner_at == 0 {
            [op, def_of(rw, inner_c0), inner, def_of(rw, root_c1)]
        } else {
            [op, def_of(rw, root_c1), def_of(rw, inner_c0), inner]
        };
        let loc = drr_loc(rw, &matched, 2);
        let flags = if self.merge_flags {
            merged_overflow(ctx, rw, inner, op)
        } else {
            super::overflow_attr(ctx, &[])
        };
        rw.set_insertion_point_before(op);
        let Some(value) = super::fold::int_attr_wrapped(ctx, ty, (self.combine)(c0, c1)) else {
            return rw.notify_match_failure(op, "not an integer type");
        };
        let cst = rw.create_op(
            super::ConstantOp::NAME,
            loc,
            &[],
            &[ty],
            Some(ctx.dict_with(None, "value", Some(value))),
        );
        let c = rw.body().result(cst, 0);
        let (name, const_first) = self.result;
        let operands = if const_first { [c, x] } else { [x, c] };
        let new = rw.create_op(
            name,
            loc,
            &operands,
            &[ty],
            props1(ctx, "overflowFlags", flags),
        );
        let r = rw.body().result(new, 0);
        rw.replace_op(op, &[r]);
        Ok(())
    }
}

/// A failure of a pattern's first shape check, not logged: it is tried on every op of
/// its root kind, and the reason is obvious from the pattern.
pub(super) fn no_match() -> MatchResult {
    Err(pto_rewrite::MatchFailure)
}

/// The op defining `v` (a value a pattern matched as an op's result).
pub(super) fn def_of(rw: &PatternRewriter<'_, '_>, v: ValueId) -> OpId {
    rw.body()
        .defining_op(v)
        .expect("a matched value has a defining op")
}

/// The location DRR gives the ops a pattern creates: the first `n` (the number of ops
/// in its source pattern) of the matched ops, fused. DRR lists them as the root, then
/// per operand a nested op's own matched ops (constants included) before the nested
/// op, which is why a constant can stand where an inner op would be expected.
pub(super) fn drr_loc<'c>(
    rw: &PatternRewriter<'_, 'c>,
    matched: &[OpId],
    n: usize,
) -> Location<'c> {
    let locs: SmallVec<[Location<'c>; 4]> = matched
        .iter()
        .take(n)
        .map(|&o| rw.body().op_loc(o))
        .collect();
    rw.context().fused_loc(&locs, None)
}

/// The op defining `v` if it is named `name`.
pub(super) fn defined_by(rw: &PatternRewriter<'_, '_>, v: ValueId, name: &str) -> Option<OpId> {
    super::fold::defining(rw.body(), v, name)
}

/// Creates op `name` before the insertion point and returns its first result.
pub(super) fn create<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    name: &str,
    loc: Location<'c>,
    operands: &[ValueId],
    ty: Type<'c>,
    props: Option<Attribute<'c>>,
) -> ValueId {
    let op = rw.create_op(name, loc, operands, &[ty], props);
    rw.body().result(op, 0)
}

/// Replaces `op` by a new op `name` of `op`'s result type, created just before it (the
/// result of most DRR patterns).
pub(super) fn replace_by<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    op: OpId,
    name: &str,
    loc: Location<'c>,
    operands: &[ValueId],
    props: Option<Attribute<'c>>,
) -> MatchResult {
    let ty = rw.body().value_type(rw.body().result(op, 0));
    rw.set_insertion_point_before(op);
    let new = create(rw, name, loc, operands, ty, props);
    rw.replace_op(op, &[new]);
    Ok(())
}

/// Creates `arith.constant` of `value` (of its type) and returns its result.
pub(super) fn create_constant<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    loc: Location<'c>,
    value: Attribute<'c>,
) -> ValueId {
    let ty = value.ty().expect("a typed constant");
    let props = rw.context().dict_with(None, "value", Some(value));
    create(rw, super::ConstantOp::NAME, loc, &[], ty, Some(props))
}

/// Properties holding only `name = value` (as DRR sets an attribute it names).
pub(super) fn props1<'c>(
    ctx: &'c Context,
    name: &str,
    value: Attribute<'c>,
) -> Option<Attribute<'c>> {
    Some(ctx.dict_with(None, name, Some(value)))
}

/// Properties with no overflow flags, as DRR's `DefOverflow`.
pub(super) fn no_flags(ctx: &Context) -> Option<Attribute<'_>> {
    props1(ctx, "overflowFlags", super::overflow_attr(ctx, &[]))
}

/// Whether `v` is a scalar or splat integer constant with all bits set (DRR's
/// `IsScalarOrSplatNegativeOne`).
fn is_all_ones<'c>(ctx: &'c Context, rw: &PatternRewriter<'_, 'c>, v: ValueId) -> bool {
    let c = constant_value(ctx, rw.body(), v);
    super::elements::int_or_splat(c).is_some_and(|(bits, w)| {
        bits == if w >= 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        }
    })
}

/// `addi(x, muli(y, -1))` is `subi(x, y)` (`AddIMulNegativeOneRhs`, `mul_at` 1) and
/// `addi(muli(x, -1), y)` is `subi(y, x)` (`...Lhs`, `mul_at` 0); the new op has no
/// overflow flags.
fn add_mul_negative_one(op: OpId, rw: &mut PatternRewriter<'_, '_>, mul_at: usize) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(mul) = defined_by(rw, body.operand(op, mul_at), super::MulIOp::NAME) else {
        return no_match();
    };
    let c0 = body.operand(mul, 1);
    if !is_all_ones(ctx, rw, c0) {
        return rw.notify_match_failure(op, "not a product by -1");
    }
    let (other, negated) = (body.operand(op, 1 - mul_at), body.operand(mul, 0));
    let loc = drr_loc(rw, &[op, def_of(rw, c0), mul], 2);
    replace_by(
        rw,
        op,
        super::SubIOp::NAME,
        loc,
        &[other, negated],
        no_flags(ctx),
    )
}

/// `subi(subi(a, b), a)` is `subi(0, b)` (`SubISubILHSRHSLHS`), with the flags both carry.
fn sub_sub_lhs_rhs_lhs(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(inner) = defined_by(rw, body.operand(op, 0), super::SubIOp::NAME) else {
        return no_match();
    };
    if body.operand(inner, 0) != body.operand(op, 1) {
        return rw.notify_match_failure(op, "not (a - b) - a");
    }
    let b = body.operand(inner, 1);
    let Some(zero) = super::elements::zero_attr(ctx, body.value_type(b)) else {
        return rw.notify_match_failure(op, "no zero of this type");
    };
    let ty = body.value_type(body.result(op, 0));
    let loc = drr_loc(rw, &[op, inner], 2);
    let props = props1(ctx, "overflowFlags", merged_overflow(ctx, rw, inner, op));
    rw.set_insertion_point_before(op);
    let z = create_constant(rw, loc, zero);
    let r = create(rw, super::SubIOp::NAME, loc, &[z, b], ty, props);
    rw.replace_op(op, &[r]);
    Ok(())
}

fn add_reassociations(set: &mut RewritePatternSet, root: &str) {
    for r in REASSOCIATIONS.iter().filter(|r| r.root == root) {
        set.add(*r);
    }
}

/// Adds a function pattern with DRR's benefit (the number of ops it matches).
pub(super) fn add_drr(
    set: &mut RewritePatternSet,
    root: &'static str,
    name: &'static str,
    benefit: u16,
    rewrite: for<'r, 'c> fn(OpId, &mut PatternRewriter<'r, 'c>) -> MatchResult,
) {
    set.add(FnPattern {
        root: Some(root),
        name,
        benefit,
        rewrite,
    });
}

/// `arith.addi` patterns.
pub fn canonicalization_patterns_addi(set: &mut RewritePatternSet) {
    add_reassociations(set, super::AddIOp::NAME);
    add_drr(
        set,
        super::AddIOp::NAME,
        "AddIMulNegativeOneRhs",
        2,
        |op, rw| add_mul_negative_one(op, rw, 1),
    );
    add_drr(
        set,
        super::AddIOp::NAME,
        "AddIMulNegativeOneLhs",
        2,
        |op, rw| add_mul_negative_one(op, rw, 0),
    );
}
/// `arith.subi` patterns.
pub fn canonicalization_patterns_subi(set: &mut RewritePatternSet) {
    add_reassociations(set, super::SubIOp::NAME);
    add_drr(
        set,
        super::SubIOp::NAME,
        "SubISubILHSRHSLHS",
        2,
        sub_sub_lhs_rhs_lhs,
    );
}
/// `arith.muli` patterns.
pub fn canonicalization_patterns_muli(set: &mut RewritePatternSet) {
    add_reassociations(set, super::MulIOp::NAME);
}
/// `arith.cmpi` patterns.
pub fn canonicalization_patterns_cmpi(set: &mut RewritePatternSet) {
    super::canonicalize_casts::cmpi_ext_patterns(set);
}
