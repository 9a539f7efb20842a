//! How many times an axis iterates, and the checks of the arrays that say so.

use pto_ir::{Diagnostic, Location, Type, ValueId};
use pto_tile::pto_to_loops::emit::Emitter;

use super::Env;
use crate::{DenseDynType, DenseType, RaggedType, SparseType};

/// The number of iterations of an axis: `N`, a size symbol, the sum of ragged lengths,
/// or `indptr[outer]` for a sparse axis (checking the arrays as it reads them).
pub(super) fn axis_extent<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    env: &Env<'c>,
    t: Type<'c>,
    loc: Location<'c>,
) -> Result<ValueId, Diagnostic<'c>> {
    let sym = |n: &str| {
        env.params.get(n).copied().ok_or_else(|| {
            Diagnostic::error(
                loc,
                format!("convert-wsp-to-tasks: no parameter for axis symbol '{n}'"),
            )
        })
    };
    if let Some(&n) = env.extents.get(&t) {
        return Ok(n);
    }
    if let Some(d) = DenseType::from_type(t) {
        return Ok(e.index(d.size()));
    }
    if let Some(d) = DenseDynType::from_type(t) {
        return sym(d.size());
    }
    if let Some(r) = RaggedType::from_type(t) {
        let (outer, lens) = (sym(r.outer())?, sym(r.lengths())?);
        let have = dim(e, lens);
        check(
            e,
            CmpLe(outer, have),
            &format!(
                "ragged axis: '{}' holds fewer than '{}' lengths",
                r.lengths(),
                r.outer()
            ),
        );
        let zero = e.index(0);
        let sums = e.for_loop(zero, outer, &[zero], |e, i, acc| {
            let n = load_index(e, lens, i);
            let z = e.index(0);
            check(
                e,
                CmpLe(z, n),
                &format!("ragged axis: a length in '{}' is negative", r.lengths()),
            );
            smallvec::smallvec![e.add(acc[0], n)]
        });
        return Ok(sums[0]);
    }
    if let Some(s) = SparseType::from_type(t) {
        let (outer, indptr, indices) = (sym(s.outer())?, sym(s.indptr())?, sym(s.indices())?);
        sparse_bounds(e, outer, indptr, indices, s);
        return Ok(load_index(e, indptr, outer));
    }
    Err(Diagnostic::error(
        loc,
        format!("convert-wsp-to-tasks: {t} is not an axis"),
    ))
}

/// Checks `indptr`: `outer + 1` entries, `indptr[0] = 0`, non-decreasing,
/// `indptr[outer] <= len(indices)`.
pub(super) fn sparse_bounds<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    outer: ValueId,
    indptr: ValueId,
    indices: ValueId,
    s: SparseType<'c>,
) {
    let one = e.index(1);
    let need = e.add(outer, one);
    let have = dim(e, indptr);
    check(
        e,
        CmpLe(need, have),
        &format!(
            "sparse axis: '{}' holds fewer than '{}' + 1 row pointers",
            s.indptr(),
            s.outer()
        ),
    );
    let zero = e.index(0);
    let first = load_index(e, indptr, zero);
    let eq = e.cmp(
        pto_tile::pto_to_loops::emit::Num::Int(64, false),
        pto_dialects::arith::CmpFPredicate::Oeq,
        pto_dialects::arith::CmpIPredicate::Eq,
        first,
        zero,
    );
    check_value(
        e,
        eq,
        &format!("sparse axis: '{}'[0] must be 0", s.indptr()),
    );
    e.for_upto(outer, |e, i| {
        let one = e.index(1);
        let next = e.add(i, one);
        let a = load_index(e, indptr, i);
        let b = load_index(e, indptr, next);
        check(
            e,
            CmpLe(a, b),
            &format!("sparse axis: '{}' must not decrease", s.indptr()),
        );
    });
    let nnz = load_index(e, indptr, outer);
    let len = dim(e, indices);
    check(
        e,
        CmpLe(nnz, len),
        &format!(
            "sparse axis: '{}'[{}] is past the end of '{}'",
            s.indptr(),
            s.outer(),
            s.indices()
        ),
    );
}

/// `a <= b` on indices.
pub(super) struct CmpLe(pub ValueId, pub ValueId);

pub(super) fn check<'c>(e: &mut Emitter<'_, '_, 'c>, c: CmpLe, msg: &str) {
    let v = e.cmp(
        pto_tile::pto_to_loops::emit::Num::Int(64, false),
        pto_dialects::arith::CmpFPredicate::Ole,
        pto_dialects::arith::CmpIPredicate::Sle,
        c.0,
        c.1,
    );
    check_value(e, v, msg);
}

pub(super) fn check_value<'c>(e: &mut Emitter<'_, '_, 'c>, cond: ValueId, msg: &str) {
    let ctx = e.ctx();
    e.op(
        pto_dialects::cf::AssertOp::NAME,
        &[cond],
        &[],
        &[("msg", ctx.string_attr(msg))],
    );
}

pub(super) fn dim<'c>(e: &mut Emitter<'_, '_, 'c>, m: ValueId) -> ValueId {
    let zero = e.index(0);
    let index = e.index_type();
    let op = e.op(pto_dialects::memref::DimOp::NAME, &[m, zero], &[index], &[]);
    e.b.body().result(op, 0)
}

/// `memref.load m[i]` of an `i32`, as an index.
pub(super) fn load_index<'c>(e: &mut Emitter<'_, '_, 'c>, m: ValueId, i: ValueId) -> ValueId {
    let v = e.load(m, &[i]);
    let index = e.index_type();
    let op = e.op(pto_dialects::arith::IndexCastOp::NAME, &[v], &[index], &[]);
    e.b.body().result(op, 0)
}
