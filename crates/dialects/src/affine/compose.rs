//! MLIR's `makeComposedFoldedAffineApply` for one-result maps: operands that are
//! `affine.apply`s of symbols are composed in, constant operands are folded into the
//! expression (re-simplified as MLIR's expression builders do), dimensions that are valid
//! symbols (defined at the top of an `AffineScope` op such as `func.func`) become symbols
//! after the others, duplicate and unused operands are dropped and the rest renumbered in
//! order, and a linear result is rebuilt in MLIR's canonical order (dims, symbols,
//! constant). What is left is a constant, one of the operands, or a new `affine.apply`.
//! Expressions with divisions or products of operands keep their form (MLIR flattens
//! divisions with local variables; not done here, so canonical forms can differ).

use bumpalo::Bump;
use smallvec::SmallVec;

use pto_ir::affine::AffineBuilder;
use pto_ir::{AffineBinOp, AffineExpr, AffineMap, AttrKind, Body, Context, ValueId};
use pto_rewrite::fold::constant_value;

/// An index known as a constant or held by a value (MLIR's `OpFoldResult`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpFoldResult {
    /// A constant.
    Const(i64),
    /// A value.
    Value(ValueId),
}

/// The static entries of a mixed list (`DYNAMIC` for values) and its values, as ops
/// store them (`static_sizes` and the size operands).
pub fn split_mixed(list: &[OpFoldResult]) -> (Vec<i64>, Vec<ValueId>) {
    let mut statics = Vec::with_capacity(list.len());
    let mut values = Vec::new();
    for &m in list {
        match m {
            OpFoldResult::Const(c) => statics.push(c),
            OpFoldResult::Value(v) => {
                statics.push(pto_ir::DYNAMIC);
                values.push(v);
            }
        }
    }
    (statics, values)
}

/// A simplified one-result map over operands, ready to become an `affine.apply`.
pub struct Composed<'c> {
    /// The map (dims first, then symbols, as the operands).
    pub map: AffineMap<'c>,
    /// The operands: dimensions, then symbols.
    pub operands: SmallVec<[ValueId; 4]>,
}

/// The outcome of composing and folding.
pub enum Folded<'c> {
    /// The result is this constant or operand.
    Done(OpFoldResult),
    /// An `affine.apply` is needed.
    Apply(Composed<'c>),
}

/// Rebuilds `e` with dims and symbols replaced (`dim(i)`, `sym(i)`), simplifying as it goes.
fn substitute<'a>(
    b: &AffineBuilder<'a>,
    e: &AffineExpr<'_>,
    dim: &dyn Fn(u32) -> AffineExpr<'a>,
    sym: &dyn Fn(u32) -> AffineExpr<'a>,
) -> Option<AffineExpr<'a>> {
    Some(match *e {
        AffineExpr::Dim(d) => dim(d),
        AffineExpr::Symbol(s) => sym(s),
        AffineExpr::Const(c) => AffineExpr::Const(c),
        AffineExpr::Binary(op, l, r) => {
            let (l, r) = (substitute(b, l, dim, sym)?, substitute(b, r, dim, sym)?);
            match op {
                AffineBinOp::Add => b.add(l, r),
                AffineBinOp::Mul => b.mul(l, r),
                _ => b.div_like(op, l, r)?,
            }
        }
    })
}

/// Composes and folds `expr` applied to `dims` and `syms`. Dimension operands that
/// `promote` accepts (MLIR's valid symbols) become symbols after the others, as MLIR's
/// `canonicalizeMapAndOperands` promotes them. `None` if a division by zero appears.
pub fn compose_and_fold<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    expr: &AffineExpr<'_>,
    dims: &[OpFoldResult],
    syms: &[OpFoldResult],
    promote: &dyn Fn(ValueId) -> bool,
) -> Option<Folded<'c>> {
    let arena = Bump::new();
    let b = AffineBuilder::new(&arena);
    // The final operands: dimensions kept as such, then symbols.
    let mut dim_vals: Vec<ValueId> = Vec::new();
    let mut sym_vals: Vec<ValueId> = Vec::new();
    let find = |v: ValueId, vals: &mut Vec<ValueId>| -> u32 {
        let i = vals.iter().position(|&x| x == v).unwrap_or_else(|| {
            vals.push(v);
            vals.len() - 1
        });
        i as u32
    };
    // A symbol operand: a constant, an inlined `affine.apply` of symbols, or a symbol.
    let symbol = |o: OpFoldResult, sym_vals: &mut Vec<ValueId>| -> Option<AffineExpr<'_>> {
        let v = match o {
            OpFoldResult::Const(c) => return Some(AffineExpr::Const(c)),
            OpFoldResult::Value(v) => v,
        };
        if let Some(c) = as_const(ctx, body, v) {
            return Some(AffineExpr::Const(c));
        }
        let Some((map, inner)) = symbol_apply(body, v) else {
            return Some(AffineExpr::Symbol(find(v, sym_vals)));
        };
        let inner: Vec<AffineExpr<'_>> = inner
            .iter()
            .map(|&w| match as_const(ctx, body, w) {
                Some(c) => AffineExpr::Const(c),
                None => AffineExpr::Symbol(find(w, sym_vals)),
            })
            .collect();
        let none = |_| AffineExpr::Const(0);
        substitute(&b, &map.results[0], &none, &|s| inner[s as usize])
    };
    let mut dim_exprs: Vec<Option<AffineExpr<'_>>> = vec![None; dims.len()];
    for (i, &o) in dims.iter().enumerate() {
        match o {
            OpFoldResult::Const(c) => dim_exprs[i] = Some(AffineExpr::Const(c)),
            OpFoldResult::Value(v) => {
                if let Some(c) = as_const(ctx, body, v) {
                    dim_exprs[i] = Some(AffineExpr::Const(c));
                } else if !promote(v) {
                    dim_exprs[i] = Some(AffineExpr::Dim(find(v, &mut dim_vals)));
                }
            }
        }
    }
    let mut sym_exprs: Vec<AffineExpr<'_>> = Vec::with_capacity(syms.len());
    for &o in syms {
        sym_exprs.push(symbol(o, &mut sym_vals)?);
    }
    // Promoted dimensions come after the symbols.
    for (i, &o) in dims.iter().enumerate() {
        if dim_exprs[i].is_none() {
            dim_exprs[i] = Some(symbol(o, &mut sym_vals)?);
        }
    }
    let e = substitute(
        &b,
        expr,
        &|d| dim_exprs[d as usize].unwrap_or(AffineExpr::Const(0)),
        &|s| sym_exprs[s as usize],
    )?;
    // Keep the operands the expression uses, renumbered in order.
    let (mut used_d, mut used_s) = (vec![false; dim_vals.len()], vec![false; sym_vals.len()]);
    mark(&e, &mut used_d, &mut used_s);
    let compact = |used: &[bool], vals: &[ValueId]| {
        let mut renumber = vec![0u32; vals.len()];
        let mut kept: SmallVec<[ValueId; 4]> = SmallVec::new();
        for (i, &u) in used.iter().enumerate() {
            if u {
                renumber[i] = kept.len() as u32;
                kept.push(vals[i]);
            }
        }
        (renumber, kept)
    };
    let (rd, kd) = compact(&used_d, &dim_vals);
    let (rs, ks) = compact(&used_s, &sym_vals);
    let e = substitute(&b, &e, &|d| AffineExpr::Dim(rd[d as usize]), &|s| {
        AffineExpr::Symbol(rs[s as usize])
    })?;
    let e = simplify_linear(&b, &e, kd.len(), ks.len()).unwrap_or(e);
    match e {
        AffineExpr::Const(c) => return Some(Folded::Done(OpFoldResult::Const(c))),
        AffineExpr::Symbol(s) => return Some(Folded::Done(OpFoldResult::Value(ks[s as usize]))),
        AffineExpr::Dim(d) => return Some(Folded::Done(OpFoldResult::Value(kd[d as usize]))),
        _ => {}
    }
    let map = ctx.affine_map_attr(AffineMap {
        num_dims: kd.len() as u32,
        num_symbols: ks.len() as u32,
        results: std::slice::from_ref(&e),
    });
    let AttrKind::AffineMap(map) = *map.kind() else {
        return None;
    };
    let mut operands = kd;
    operands.extend(ks);
    Some(Folded::Apply(Composed { map, operands }))
}

/// The coefficients of a linear expression: one per dim, one per symbol, then the
/// constant; `None` if it has products of operands or divisions.
fn linear_coefficients(e: &AffineExpr<'_>, dims: usize, syms: usize) -> Option<Vec<i64>> {
    let mut v = vec![0i64; dims + syms + 1];
    match *e {
        AffineExpr::Dim(d) => v[d as usize] = 1,
        AffineExpr::Symbol(s) => v[dims + s as usize] = 1,
        AffineExpr::Const(c) => v[dims + syms] = c,
        AffineExpr::Binary(AffineBinOp::Add, l, r) => {
            let (a, b) = (
                linear_coefficients(l, dims, syms)?,
                linear_coefficients(r, dims, syms)?,
            );
            for (x, (p, q)) in v.iter_mut().zip(a.iter().zip(&b)) {
                *x = p.wrapping_add(*q);
            }
        }
        AffineExpr::Binary(AffineBinOp::Mul, l, r) => {
            let (a, b) = (
                linear_coefficients(l, dims, syms)?,
                linear_coefficients(r, dims, syms)?,
            );
            let is_const = |c: &[i64]| c[..dims + syms].iter().all(|&x| x == 0);
            let (k, other) = if is_const(&b) {
                (b[dims + syms], a)
            } else if is_const(&a) {
                (a[dims + syms], b)
            } else {
                return None;
            };
            for (x, o) in v.iter_mut().zip(&other) {
                *x = o.wrapping_mul(k);
            }
        }
        AffineExpr::Binary(..) => return None,
    }
    Some(v)
}

/// A linear expression rebuilt as MLIR's `simplifyAffineExpr` does: dims, then
/// symbols, each times its coefficient, then the constant.
fn simplify_linear<'a>(
    b: &AffineBuilder<'a>,
    e: &AffineExpr<'_>,
    dims: usize,
    syms: usize,
) -> Option<AffineExpr<'a>> {
    let coeffs = linear_coefficients(e, dims, syms)?;
    let mut out = AffineExpr::Const(0);
    for (j, &c) in coeffs[..dims + syms].iter().enumerate() {
        if c == 0 {
            continue;
        }
        let id = if j < dims {
            AffineExpr::Dim(j as u32)
        } else {
            AffineExpr::Symbol((j - dims) as u32)
        };
        out = b.add(out, b.mul(id, AffineExpr::Const(c)));
    }
    Some(b.add(out, AffineExpr::Const(coeffs[dims + syms])))
}

fn mark(e: &AffineExpr<'_>, dims: &mut [bool], syms: &mut [bool]) {
    match *e {
        AffineExpr::Dim(d) => dims[d as usize] = true,
        AffineExpr::Symbol(s) => syms[s as usize] = true,
        AffineExpr::Binary(_, l, r) => {
            mark(l, dims, syms);
            mark(r, dims, syms);
        }
        AffineExpr::Const(_) => {}
    }
}

/// The constant index `v` holds, if any.
pub fn as_const<'c>(ctx: &'c Context, body: &Body<'c>, v: ValueId) -> Option<i64> {
    constant_value(ctx, body, v)
        .and_then(|a| a.as_int())
        .map(|c| c as i64)
}

/// `v`'s defining `affine.apply`, when its map has symbols only: the map and operands.
fn symbol_apply<'c>(body: &Body<'c>, v: ValueId) -> Option<(AffineMap<'c>, Vec<ValueId>)> {
    let d = body.defining_op(v)?;
    if body.op_name(d).as_str() != super::AffineApplyOp::NAME {
        return None;
    }
    let AttrKind::AffineMap(map) = *body.attr(d, "map")?.kind() else {
        return None;
    };
    (map.num_dims == 0 && map.results.len() == 1).then(|| (map, body.operands(d).collect()))
}
