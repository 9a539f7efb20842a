//! Canonicalization patterns of MLIR 22's `ArithCanonicalization.td` on casts and bit
//! operations: a bitwise op or an (in)equality of two like extensions is done before
//! extending, `not(cmpi)` inverts the predicate, chains of casts collapse
//! (`index_cast(index_cast)`, `index_cast(extsi)`, `bitcast(bitcast)`, `extsi(extui)`,
//! a truncation that only drops extension bits, `truncf(sitofp)`), a truncated signed
//! shift by exactly the dropped width is unsigned, and a product or quotient of two
//! negations is one of the negated values. The ops created take DRR's fused locations.

use super::canonicalize::{
    add_drr, create, create_constant, def_of, defined_by, drr_loc, no_match, props1, replace_by,
};
use super::elements::{elem_type, elem_width, int_or_splat};
use pto_ir::{Body, OpId, Type};
use pto_rewrite::fold::constant_value;
use pto_rewrite::{MatchResult, PatternRewriter, RewritePattern, RewritePatternSet};

/// `root(ext(x), ext(y))` with `x` and `y` of one type becomes `ext(root(x, y))`
/// (`AndOfExtUI`, `XOrIOfExtSI`, ...), or for `cmpi` with `eq`/`ne`, `cmpi(x, y)`
/// (`CmpIExtSI`, `CmpIExtUI`).
#[derive(Clone, Copy)]
struct OfExt {
    name: &'static str,
    root: &'static str,
    ext: &'static str,
}

impl RewritePattern for OfExt {
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn benefit(&self) -> u16 {
        3
    }
    fn match_and_rewrite<'c>(&self, op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
        let ctx = rw.context();
        let body = rw.body();
        let (l, r) = (body.operand(op, 0), body.operand(op, 1));
        let (Some(el), Some(er)) = (defined_by(rw, l, self.ext), defined_by(rw, r, self.ext))
        else {
            return no_match();
        };
        let (x, y) = (body.operand(el, 0), body.operand(er, 0));
        if body.value_type(x) != body.value_type(y) {
            return rw.notify_match_failure(op, "extended types differ");
        }
        let is_cmp = self.root == super::CmpIOp::NAME;
        let pred = body.attr(op, "predicate");
        if is_cmp && !matches!(pred.and_then(|p| p.as_int()), Some(0 | 1)) {
            return rw.notify_match_failure(op, "not an equality");
        }
        let ty = body.value_type(body.result(op, 0));
        let x_ty = body.value_type(x);
        let loc = drr_loc(rw, &[op, el, er], 3);
        rw.set_insertion_point_before(op);
        let new = if let (true, Some(p)) = (is_cmp, pred) {
            create(
                rw,
                super::CmpIOp::NAME,
                loc,
                &[x, y],
                ty,
                props1(ctx, "predicate", p),
            )
        } else {
            let inner = create(rw, self.root, loc, &[x, y], x_ty, None);
            create(rw, self.ext, loc, &[inner], ty, None)
        };
        rw.replace_op(op, &[new]);
        Ok(())
    }
}

const OF_EXT: &[OfExt] = &[
    OfExt {
        name: "AndOfExtUI",
        root: super::AndIOp::NAME,
        ext: super::ExtUIOp::NAME,
    },
    OfExt {
        name: "AndOfExtSI",
        root: super::AndIOp::NAME,
        ext: super::ExtSIOp::NAME,
    },
    OfExt {
        name: "OrOfExtUI",
        root: super::OrIOp::NAME,
        ext: super::ExtUIOp::NAME,
    },
    OfExt {
        name: "OrOfExtSI",
        root: super::OrIOp::NAME,
        ext: super::ExtSIOp::NAME,
    },
    OfExt {
        name: "XOrIOfExtUI",
        root: super::XOrIOp::NAME,
        ext: super::ExtUIOp::NAME,
    },
    OfExt {
        name: "XOrIOfExtSI",
        root: super::XOrIOp::NAME,
        ext: super::ExtSIOp::NAME,
    },
    OfExt {
        name: "CmpIExtSI",
        root: super::CmpIOp::NAME,
        ext: super::ExtSIOp::NAME,
    },
    OfExt {
        name: "CmpIExtUI",
        root: super::CmpIOp::NAME,
        ext: super::ExtUIOp::NAME,
    },
];

/// The scalar or element width of a type (DRR's `getScalarOrElementWidth`).
fn width(t: Type<'_>) -> u32 {
    elem_width(elem_type(t)).unwrap_or(0)
}

/// `root(inner(x))` becomes `x` when it has the root's type (`build` `None`), or
/// `build(x)` of the root's type, when `cond(body, root, x type, inner type)` holds.
#[derive(Clone, Copy)]
struct CastChain {
    name: &'static str,
    root: &'static str,
    inner: &'static str,
    build: Option<&'static str>,
    cond: for<'c> fn(&Body<'c>, OpId, Type<'c>, Type<'c>) -> bool,
}

impl RewritePattern for CastChain {
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn benefit(&self) -> u16 {
        2
    }
    fn match_and_rewrite<'c>(&self, op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
        let body = rw.body();
        let Some(inner) = defined_by(rw, body.operand(op, 0), self.inner) else {
            return no_match();
        };
        let x = body.operand(inner, 0);
        let ty = body.value_type(body.result(op, 0));
        let (x_ty, mid_ty) = (body.value_type(x), body.value_type(body.result(inner, 0)));
        if !(self.cond)(body, op, x_ty, mid_ty) {
            return rw.notify_match_failure(op, "condition does not hold");
        }
        let new = match self.build {
            None if x_ty == ty => x,
            None => return rw.notify_match_failure(op, "types differ"),
            Some(name) => {
                let loc = drr_loc(rw, &[op, inner], 2);
                rw.set_insertion_point_before(op);
                create(rw, name, loc, &[x], ty, None)
            }
        };
        rw.replace_op(op, &[new]);
        Ok(())
    }
}

/// Always.
fn any<'c>(_: &Body<'c>, _: OpId, _: Type<'c>, _: Type<'c>) -> bool {
    true
}

/// The truncation drops only extension bits: the extension is wider than the result,
/// which is wider than the source.
fn drops_extension<'c>(body: &Body<'c>, op: OpId, x: Type<'c>, ext: Type<'c>) -> bool {
    let tr = width(body.value_type(body.result(op, 0)));
    width(ext) > tr && tr > width(x) && width(x) > 0
}

/// The `truncf` has the default rounding mode.
fn default_rounding<'c>(body: &Body<'c>, op: OpId, _: Type<'c>, _: Type<'c>) -> bool {
    body.attr(op, "roundingmode").is_none()
}

const CHAINS: &[CastChain] = &[
    CastChain {
        name: "IndexCastOfIndexCast",
        root: super::IndexCastOp::NAME,
        inner: super::IndexCastOp::NAME,
        build: None,
        cond: any,
    },
    CastChain {
        name: "IndexCastOfExtSI",
        root: super::IndexCastOp::NAME,
        inner: super::ExtSIOp::NAME,
        build: Some(super::IndexCastOp::NAME),
        cond: any,
    },
    CastChain {
        name: "IndexCastUIOfIndexCastUI",
        root: super::IndexCastUIOp::NAME,
        inner: super::IndexCastUIOp::NAME,
        build: None,
        cond: any,
    },
    CastChain {
        name: "IndexCastUIOfExtUI",
        root: super::IndexCastUIOp::NAME,
        inner: super::ExtUIOp::NAME,
        build: Some(super::IndexCastUIOp::NAME),
        cond: any,
    },
    CastChain {
        name: "BitcastOfBitcast",
        root: super::BitcastOp::NAME,
        inner: super::BitcastOp::NAME,
        build: Some(super::BitcastOp::NAME),
        cond: any,
    },
    CastChain {
        name: "ExtSIOfExtUI",
        root: super::ExtSIOp::NAME,
        inner: super::ExtUIOp::NAME,
        build: Some(super::ExtUIOp::NAME),
        cond: any,
    },
    CastChain {
        name: "TruncIExtSIToExtSI",
        root: super::TruncIOp::NAME,
        inner: super::ExtSIOp::NAME,
        build: Some(super::ExtSIOp::NAME),
        cond: drops_extension,
    },
    CastChain {
        name: "TruncIExtUIToExtUI",
        root: super::TruncIOp::NAME,
        inner: super::ExtUIOp::NAME,
        build: Some(super::ExtUIOp::NAME),
        cond: drops_extension,
    },
    CastChain {
        name: "TruncFSIToFPToSIToFP",
        root: super::TruncFOp::NAME,
        inner: super::SIToFPOp::NAME,
        build: Some(super::SIToFPOp::NAME),
        cond: default_rounding,
    },
    CastChain {
        name: "TruncFUIToFPToUIToFP",
        root: super::TruncFOp::NAME,
        inner: super::UIToFPOp::NAME,
        build: Some(super::UIToFPOp::NAME),
        cond: default_rounding,
    },
];

/// `xori(cmpi(pred, a, b), true)` is `cmpi(!pred, a, b)` (`XOrINotCmpI`).
fn xor_not_cmpi(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(cmp) = defined_by(rw, body.operand(op, 0), super::CmpIOp::NAME) else {
        return no_match();
    };
    // Only the scalar `true` of `i1` (DRR's `ConstantAttr<I1Attr, "1">`).
    let c = constant_value(ctx, body, body.operand(op, 1));
    let is_true =
        c.is_some_and(|a| a.ty().and_then(|t| t.int_width()) == Some(1) && a.as_int() == Some(1));
    let Some(pred) = body.attr(cmp, "predicate").filter(|_| is_true) else {
        return rw.notify_match_failure(op, "not a negation of a cmpi");
    };
    let Some(p) = pred.as_int() else {
        return rw.notify_match_failure(op, "no predicate");
    };
    // eq<->ne, slt<->sge, sle<->sgt, ult<->uge, ule<->ugt.
    let inverted = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6][p as usize % 10];
    let pred_ty = pred.ty().unwrap_or(ctx.int_type(64));
    let (a, b) = (body.operand(cmp, 0), body.operand(cmp, 1));
    let loc = drr_loc(rw, &[op, cmp], 2);
    let props = props1(ctx, "predicate", ctx.int_attr(pred_ty, inverted));
    replace_by(rw, op, super::CmpIOp::NAME, loc, &[a, b], props)
}

/// `trunci(shrsi(x, c))` with `c` the number of bits the truncation drops is
/// `trunci(shrui(x, c))` (`TruncIShrSIToTrunciShrUI`): the sign bits shifted in are
/// dropped.
fn trunc_shrsi_to_shrui(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(shr) = defined_by(rw, body.operand(op, 0), super::ShRSIOp::NAME) else {
        return no_match();
    };
    let (x, c) = (body.operand(shr, 0), body.operand(shr, 1));
    let Some(value) = constant_value(ctx, body, c) else {
        return rw.notify_match_failure(op, "shift amount is not constant");
    };
    let ty = body.value_type(body.result(op, 0));
    let dropped = u128::from(width(body.value_type(x)).saturating_sub(width(ty)));
    if int_or_splat(Some(value)).map(|(v, _)| v) != Some(dropped) {
        return rw.notify_match_failure(op, "shift is not the dropped width");
    }
    let flags = body
        .attr(op, "overflowFlags")
        .unwrap_or_else(|| super::overflow_attr(ctx, &[]));
    let x_ty = body.value_type(x);
    let loc = drr_loc(rw, &[op, def_of(rw, c), shr], 2);
    rw.set_insertion_point_before(op);
    let amount = create_constant(rw, loc, value);
    let shifted = create(rw, super::ShRUIOp::NAME, loc, &[x, amount], x_ty, None);
    let props = props1(ctx, "overflowFlags", flags);
    let new = create(rw, super::TruncIOp::NAME, loc, &[shifted], ty, props);
    rw.replace_op(op, &[new]);
    Ok(())
}

/// `root(negf(x), negf(y))` of like `x` and `y` is `root(x, y)` with the root's fast-math
/// flags (`MulFOfNegF`, `DivFOfNegF`).
fn of_negations(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let (l, r) = (body.operand(op, 0), body.operand(op, 1));
    let (Some(nl), Some(nr)) = (
        defined_by(rw, l, super::NegFOp::NAME),
        defined_by(rw, r, super::NegFOp::NAME),
    ) else {
        return no_match();
    };
    let (x, y) = (body.operand(nl, 0), body.operand(nr, 0));
    if body.value_type(x) != body.value_type(y) {
        return rw.notify_match_failure(op, "types differ");
    }
    let name = body.op_name(op).as_str();
    let flags = body
        .attr(op, "fastmath")
        .unwrap_or_else(|| super::fastmath_attr(ctx, &[]));
    let loc = drr_loc(rw, &[op, nl, nr], 3);
    replace_by(rw, op, name, loc, &[x, y], props1(ctx, "fastmath", flags))
}

fn add_of_ext(set: &mut RewritePatternSet, root: &str) {
    for p in OF_EXT.iter().filter(|p| p.root == root) {
        set.add(*p);
    }
}

fn add_chains(set: &mut RewritePatternSet, root: &str) {
    for p in CHAINS.iter().filter(|p| p.root == root) {
        set.add(*p);
    }
}

/// `arith.andi` patterns.
pub fn canonicalization_patterns_andi(set: &mut RewritePatternSet) {
    add_of_ext(set, super::AndIOp::NAME);
}
/// `arith.ori` patterns.
pub fn canonicalization_patterns_ori(set: &mut RewritePatternSet) {
    add_of_ext(set, super::OrIOp::NAME);
}
/// `arith.xori` patterns.
pub fn canonicalization_patterns_xori(set: &mut RewritePatternSet) {
    add_drr(set, super::XOrIOp::NAME, "XOrINotCmpI", 2, xor_not_cmpi);
    add_of_ext(set, super::XOrIOp::NAME);
}
/// The `arith.cmpi` patterns of the `.td` file.
pub(super) fn cmpi_ext_patterns(set: &mut RewritePatternSet) {
    add_of_ext(set, super::CmpIOp::NAME);
}
/// `arith.index_cast` patterns.
pub fn canonicalization_patterns_index_cast(set: &mut RewritePatternSet) {
    add_chains(set, super::IndexCastOp::NAME);
}
/// `arith.index_castui` patterns.
pub fn canonicalization_patterns_index_castui(set: &mut RewritePatternSet) {
    add_chains(set, super::IndexCastUIOp::NAME);
}
/// `arith.bitcast` patterns.
pub fn canonicalization_patterns_bitcast(set: &mut RewritePatternSet) {
    add_chains(set, super::BitcastOp::NAME);
}
/// `arith.extsi` patterns.
pub fn canonicalization_patterns_extsi(set: &mut RewritePatternSet) {
    add_chains(set, super::ExtSIOp::NAME);
}
/// `arith.trunci` patterns.
pub fn canonicalization_patterns_trunci(set: &mut RewritePatternSet) {
    add_chains(set, super::TruncIOp::NAME);
    add_drr(
        set,
        super::TruncIOp::NAME,
        "TruncIShrSIToTrunciShrUI",
        2,
        trunc_shrsi_to_shrui,
    );
}
/// `arith.truncf` patterns.
pub fn canonicalization_patterns_truncf(set: &mut RewritePatternSet) {
    add_chains(set, super::TruncFOp::NAME);
}
/// `arith.mulf` patterns.
pub fn canonicalization_patterns_mulf(set: &mut RewritePatternSet) {
    add_drr(set, super::MulFOp::NAME, "MulFOfNegF", 3, of_negations);
}
/// `arith.divf` patterns.
pub fn canonicalization_patterns_divf(set: &mut RewritePatternSet) {
    add_drr(set, super::DivFOp::NAME, "DivFOfNegF", 3, of_negations);
}
