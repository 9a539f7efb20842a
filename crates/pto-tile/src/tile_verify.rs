//! Verifiers of the tile ops, with PTOAS's messages. They check what holds on every
//! target (placement, element types, valid regions, shapes); the per-target element
//! type tables (A2/A3 versus A5) are not checked yet. As in PTOAS, ops on lowered
//! operands (memrefs) are not checked.

use crate::{BLayout, PadValue, SLayout};
use pto_ir::{Body, Context, FloatKind, OpId, Type, DYNAMIC};

use super::check::{dims_agree, float_is, is_float, is_int, is_uint, width, Check, VResult};
use super::{AddressSpace as AS, PartitionTensorViewType, TileBufType};

// ---- elementwise families ----------------------------------------------------------------

/// Elementwise ops (operands named `names`, the last is `dst`): vec tiles, row-major,
/// one element type, and one valid region when `same_valid`.
fn verify_elementwise<'c>(
    body: &Body<'c>,
    op: OpId,
    names: &[&str],
    same_valid: bool,
) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let dst_i = names.len() - 1;
    let dst = c.tile(dst_i, names[dst_i])?;
    for (i, name) in names.iter().enumerate() {
        let t = c.tile(i, name)?;
        c.vec(t, name)?;
        c.row_major(t, name)?;
        if i != dst_i {
            c.same_elem(t, dst, name, "dst")?;
            if same_valid {
                c.same_valid(t, dst, name, "dst")?;
            }
        }
    }
    Ok(())
}

macro_rules! hooks {
    ($f:ident: $($name:ident),* $(,)?) => {
        $(pub(super) fn $name<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
            $f(body, op)
        })*
    };
}

fn unary<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_elementwise(body, op, &["src", "dst"], true)
}
hooks!(unary: verify_tabs, verify_tneg, verify_texp, verify_tlog, verify_tsqrt, verify_trecip,
       verify_trelu, verify_tnot);

fn float_unary<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    unary(body, op)?;
    let c = Check::new(body, op);
    if let Some(t) = TileBufType::from_type(c.ty(0)) {
        c.fail(
            is_float(t.dtype(), &[16, 32]),
            "expects element type to be f16 or f32",
        )?;
    }
    Ok(())
}
hooks!(float_unary: verify_trsqrt);

fn binary<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_elementwise(body, op, &["src0", "src1", "dst"], true)
}
hooks!(binary: verify_tadd, verify_tsub, verify_tmul, verify_tdiv, verify_tmax, verify_tmin,
       verify_tand, verify_tor, verify_tshl, verify_tshr, verify_tfmod);

fn binary_tmp<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_elementwise(body, op, &["src0", "src1", "tmp", "dst"], false)?;
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (a, d) = (c.tile(0, "src0")?, c.tile(3, "dst")?);
    c.same_valid(a, d, "src0", "dst")
}
hooks!(binary_tmp: verify_trem, verify_tprelu, verify_txor);

fn ternary<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_elementwise(body, op, &["src0", "src1", "src2", "dst"], true)
}
hooks!(ternary: verify_taddc, verify_tsubc);

/// A tile and a scalar (operand 1): vec tiles of one element type and valid region.
fn tile_scalar<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let n = body.num_operands(op);
    let (src, dst) = (c.tile(0, "src")?, c.tile(n - 1, "dst")?);
    c.vec(src, "src")?;
    c.vec(dst, "dst")?;
    c.same_elem(src, dst, "src", "dst")?;
    c.same_valid(src, dst, "src", "dst")
}
hooks!(tile_scalar: verify_tadds, verify_tsubs, verify_tmuls, verify_tmaxs, verify_tmins,
       verify_tands, verify_tors, verify_tshls, verify_tshrs, verify_tlrelu, verify_trems,
       verify_txors, verify_taxpy);

/// The scalar has the tiles' element type.
fn tile_scalar_same_type<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    tile_scalar(body, op)?;
    let c = Check::new(body, op);
    if let Some(t) = TileBufType::from_type(c.ty(0)) {
        c.fail(
            c.ty(1) == t.dtype(),
            "expects scalar type to match the tile element type",
        )?;
    }
    Ok(())
}
hooks!(tile_scalar_same_type: verify_tfmods);

fn tile_scalar_tile<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (a, b, d) = (c.tile(0, "src0")?, c.tile(2, "src1")?, c.tile(3, "dst")?);
    for (t, n) in [(a, "src0"), (b, "src1")] {
        c.same_elem(t, d, n, "dst")?;
        c.same_valid(t, d, n, "dst")?;
    }
    Ok(())
}
hooks!(tile_scalar_tile: verify_taddsc, verify_tsubsc);

pub(super) fn verify_tdivs<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let tiles = [0, 1]
        .iter()
        .filter(|&&i| TileBufType::from_type(c.ty(i)).is_some())
        .count();
    if c.lowered() {
        return Ok(());
    }
    c.fail(
        tiles == 1,
        "expected exactly one tile_buf operand and one scalar operand",
    )?;
    let t = c.tile(
        if TileBufType::from_type(c.ty(0)).is_some() {
            0
        } else {
            1
        },
        "src",
    )?;
    let d = c.tile(2, "dst")?;
    c.same_elem(t, d, "src", "dst")?;
    c.same_valid(t, d, "src", "dst")
}

pub(super) fn verify_texpands<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let d = c.tile(1, "dst")?;
    c.fail(
        d.loc() == AS::VEC || d.loc() == AS::MAT,
        "expects dst to be in the vec or mat address space",
    )?;
    c.fail(
        c.ty(0) == d.dtype(),
        "expects scalar type to match the dst element type",
    )
}

// ---- expansions, concatenation, partial ops ---------------------------------------------

/// `dst[i, j] = f(a[i, j], b[i, 0])` (rows) or `b[0, j]` (columns).
fn expand_binary<'c>(body: &Body<'c>, op: OpId, rows: bool) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let n = body.num_operands(op);
    let (a, b, d) = (
        c.tile(0, "src0")?,
        c.tile(1, "src1")?,
        c.tile(n - 1, "dst")?,
    );
    c.same_elem(a, d, "src0", "dst")?;
    c.same_elem(b, d, "src1", "dst")?;
    c.same_valid(a, d, "src0", "dst")?;
    c.row_major(d, "dst")?;
    if rows {
        c.fail(
            dims_agree(b.valid_rows(), d.valid_rows()),
            "expects src1 valid_shape[0] to equal dst valid_shape[0]",
        )
    } else {
        c.fail(
            dims_agree(b.valid_cols(), d.valid_cols()),
            "expects src1 valid_shape[1] to equal dst valid_shape[1]",
        )
    }
}
fn row_expand_binary<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    expand_binary(body, op, true)
}
fn col_expand_binary<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    expand_binary(body, op, false)
}
hooks!(row_expand_binary: verify_trowexpandadd, verify_trowexpandsub, verify_trowexpandmul,
       verify_trowexpanddiv, verify_trowexpandmax, verify_trowexpandmin, verify_trowexpandexpdif);
hooks!(col_expand_binary: verify_tcolexpandadd, verify_tcolexpandsub, verify_tcolexpandmul,
       verify_tcolexpanddiv, verify_tcolexpandmax, verify_tcolexpandmin, verify_tcolexpandexpdif);

pub(super) fn verify_trowexpand<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, d) = (c.tile(0, "src")?, c.tile(1, "dst")?);
    c.vec(s, "src")?;
    c.nd(d, "dst")?;
    c.same_elem(s, d, "src", "dst")?;
    c.fail(
        dims_agree(s.valid_rows(), d.valid_rows()),
        "expects src and dst to have the same valid_shape[0]",
    )
}

/// Column expansion and column reductions: ND tiles with the same valid columns.
fn column<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, d) = (c.tile(0, "src")?, c.tile(1, "dst")?);
    c.nd(s, "src")?;
    c.nd(d, "dst")?;
    c.same_elem(s, d, "src", "dst")?;
    c.fail(
        dims_agree(s.valid_cols(), d.valid_cols()),
        "expects src and dst to have the same valid_shape[1]",
    )
}
hooks!(column: verify_tcolexpand, verify_tcolmax, verify_tcolmin, verify_tcolprod);

/// `tcolsum`: a column reduction with an optional scratch tile that comes with
/// `isBinary`; the element types of A2/A3 and A5 together.
pub(super) fn verify_tcolsum<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let has_tmp = body.num_operands(op) == 3;
    let (s, d) = (
        c.tile(0, "src")?,
        c.tile(if has_tmp { 2 } else { 1 }, "dst")?,
    );
    c.nd(s, "src")?;
    c.nd(d, "dst")?;
    let binary = body.attr(op, "isBinary").is_some();
    c.fail(
        !has_tmp || binary,
        "tmp operand requires isBinary attribute",
    )?;
    c.fail(
        has_tmp || !binary,
        "isBinary attribute requires tmp operand",
    )?;
    if has_tmp {
        let t = c.tile(1, "tmp")?;
        c.nd(t, "tmp")?;
        c.fail(
            t.dtype() == s.dtype() && s.dtype() == d.dtype(),
            "expects src/tmp/dst element types to match",
        )?;
    }
    c.fail(
        s.dtype() == d.dtype(),
        "expects src/dst element types to match",
    )?;
    c.fail(
        dims_agree(s.valid_cols(), d.valid_cols()),
        "expects src and dst to have the same valid_shape[1]",
    )?;
    let e = s.dtype();
    c.fail(
        is_float(e, &[16, 32]) || is_int(e, &[8, 16, 32]),
        "expects tcolsum element type to be i8/i16/i32/f16/bf16/f32",
    )
}

fn fillpad<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, d) = (c.tile(0, "src")?, c.tile(1, "dst")?);
    c.fail(
        d.pad() != PadValue::Null,
        "expects dst to have a non-null pad value",
    )?;
    c.fail(
        super::layout::elem_bytes(s.dtype()) == super::layout::elem_bytes(d.dtype()),
        "expects src and dst element types to have the same element size",
    )
}
hooks!(fillpad: verify_tfillpad, verify_tfillpad_expand, verify_tfillpad_inplace);

pub(super) fn verify_tconcat<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (a, b, d) = (c.tile(0, "src0")?, c.tile(1, "src1")?, c.tile(2, "dst")?);
    c.same_elem(a, d, "src0", "dst")?;
    c.same_elem(b, d, "src1", "dst")?;
    let (ca, cb) = (a.valid_cols(), b.valid_cols());
    c.fail(
        ca == DYNAMIC || cb == DYNAMIC || ca + cb <= d.cols(),
        "expects src0 and src1 valid columns to fit in dst",
    )
}

fn partial<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (a, b, d) = (c.tile(0, "src0")?, c.tile(1, "src1")?, c.tile(2, "dst")?);
    c.same_elem(a, d, "src0", "dst")?;
    c.same_elem(b, d, "src1", "dst")?;
    let le = |x: i64, y: i64| x == DYNAMIC || y == DYNAMIC || x <= y;
    for t in [a, b] {
        c.fail(
            le(t.valid_rows(), d.valid_rows()) && le(t.valid_cols(), d.valid_cols()),
            "expects src0/src1 valid_shape to be less than or equal to dst valid_shape",
        )?;
    }
    let eq = |t: TileBufType<'_>| {
        dims_agree(t.valid_rows(), d.valid_rows()) && dims_agree(t.valid_cols(), d.valid_cols())
    };
    c.fail(
        eq(a) || eq(b),
        "expects at least one of src0/src1 valid_shape to match dst valid_shape",
    )
}
hooks!(partial: verify_tpartadd, verify_tpartmax, verify_tpartmin, verify_tpartmul);

// ---- reductions ------------------------------------------------------------------------

fn row_reduce<'c>(body: &Body<'c>, op: OpId, arg: bool) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, d) = (c.tile(0, "src")?, c.tile(2, "dst")?);
    c.nd(s, "src")?;
    c.vec(d, "dst")?;
    c.fail(
        d.slayout() == SLayout::NoneBox,
        "expects dst to use the none_box slayout",
    )?;
    if d.blayout() == BLayout::ColMajor {
        c.fail(d.cols() == 1, "expects DN-style dst to have shape[1] == 1")?;
    }
    c.fail(
        s.valid_rows() != 0,
        "expects src valid_shape[0] to be non-zero",
    )?;
    c.fail(
        s.valid_cols() != 0,
        "expects src valid_shape[1] to be non-zero",
    )?;
    c.fail(
        dims_agree(s.valid_rows(), d.valid_rows()),
        "expects src and dst to have the same valid_shape[0]",
    )?;
    c.fail(
        dims_agree(d.valid_cols(), 1),
        "expects dst valid_shape[1] to be 1",
    )?;
    if arg {
        c.fail(
            is_int(d.dtype(), &[32]),
            "expects dst element type to be i32 or ui32",
        )
    } else {
        c.same_elem(s, d, "src", "dst")
    }
}
fn row_value_reduce<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    row_reduce(body, op, false)
}
fn row_arg_reduce<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    row_reduce(body, op, true)
}
hooks!(row_value_reduce: verify_trowsum, verify_trowmax, verify_trowmin, verify_trowprod);
hooks!(row_arg_reduce: verify_trowargmax, verify_trowargmin);

fn col_arg_reduce<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, d) = (c.tile(0, "src")?, c.tile(2, "dst")?);
    c.nd(s, "src")?;
    c.fail(
        dims_agree(s.valid_cols(), d.valid_cols()),
        "expects src and dst to have the same valid_shape[1]",
    )?;
    c.fail(
        dims_agree(d.valid_rows(), 1),
        "expects dst valid_shape[0] to be 1",
    )?;
    c.fail(
        is_int(d.dtype(), &[32]),
        "expects dst element type to be i32 or ui32",
    )
}
hooks!(col_arg_reduce: verify_tcolargmax, verify_tcolargmin);

// ---- compares, selects, generation -------------------------------------------------------

fn compare<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let n = body.num_operands(op);
    let (s, m) = (c.tile(0, "src0")?, c.tile(n - 1, "dst")?);
    c.fail(
        matches!(width(m.dtype()), Some(8)) && m.dtype().is_integer(),
        "expects dst to be an i8 or ui8 mask tile",
    )?;
    if TileBufType::from_type(c.ty(1)).is_some() {
        let b = c.tile(1, "src1")?;
        c.same_elem(s, b, "src0", "src1")?;
    }
    c.fail(
        dims_agree(s.valid_rows(), m.valid_rows()),
        "expects src and dst to have the same valid_shape[0]",
    )
}
hooks!(compare: verify_tcmp, verify_tcmps);

fn select<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let n = body.num_operands(op);
    let (s, d) = (c.tile(1, "src")?, c.tile(n - 1, "dst")?);
    c.same_elem(s, d, "src", "dst")?;
    c.same_valid(s, d, "src", "dst")
}
hooks!(select: verify_tsel, verify_tsels);

pub(super) fn verify_tci<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let d = c.tile(1, "dst")?;
    c.fail(
        c.ty(0) == d.dtype(),
        "expects S type to match the dst element type",
    )?;
    c.fail(
        is_int(d.dtype(), &[16, 32]),
        "expects dst element type to be i16 or i32",
    )?;
    c.fail(d.cols() != 1, "expects dst cols to not be 1")
}

pub(super) fn verify_ttri<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let v = body
        .attr(op, "upperOrLower")
        .and_then(|a| a.as_int())
        .unwrap_or(0);
    c.fail(
        v == 0 || v == 1,
        "expects upperOrLower to be 0 (lower) or 1 (upper)",
    )?;
    if c.lowered() {
        return Ok(());
    }
    let d = c.tile(1, "dst")?;
    c.vec_row_major(d, "dst")
}

// ---- conversions ---------------------------------------------------------------------------

pub(super) fn verify_tcvt<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, d) = (c.tile(0, "src")?, c.tile(1, "dst")?);
    c.fail(
        (s.rows(), s.cols()) == (d.rows(), d.cols()),
        "expects src and dst to have compatible shapes",
    )?;
    c.fail(
        (s.valid_rows(), s.valid_cols()) == (d.valid_rows(), d.valid_cols()),
        "expects src and dst to have the same valid_shape",
    )
}

pub(super) fn verify_tquant<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let n = body.num_operands(op);
    let (s, d) = (c.tile(0, "src")?, c.tile(n - 1, "dst")?);
    let has_offset = n == 4;
    let asym = body
        .attr(op, "quant_type")
        .is_some_and(|a| matches!(a.kind(), pto_ir::AttrKind::Opaque { body, .. } if body.ends_with("INT8_ASYM")));
    c.fail(
        float_is(s.dtype(), FloatKind::F32),
        "expects src to have element type f32",
    )?;
    let d_ty = d.dtype();
    if asym {
        c.fail(
            is_uint(d_ty, 8),
            "expects dst element type ui8 for INT8_ASYM quantization",
        )?;
        c.fail(
            has_offset,
            "INT8_ASYM quantization requires an offset operand",
        )
    } else {
        c.fail(
            d_ty.is_signless_int(8),
            "expects dst element type i8 for INT8_SYM quantization",
        )?;
        c.fail(
            !has_offset,
            "INT8_SYM quantization must not have an offset operand",
        )
    }
}

pub(super) fn verify_tdequant<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, sc, o, d) = (
        c.tile(0, "src")?,
        c.tile(1, "scale")?,
        c.tile(2, "offset")?,
        c.tile(3, "dst")?,
    );
    c.fail(
        s.dtype().is_signless_int(8) || s.dtype().is_signless_int(16),
        "expects src element type i8 or i16",
    )?;
    c.fail(
        float_is(d.dtype(), FloatKind::F32),
        "expects dst element type f32",
    )?;
    c.fail(
        float_is(sc.dtype(), FloatKind::F32),
        "expects scale element type f32",
    )?;
    c.fail(
        float_is(o.dtype(), FloatKind::F32),
        "expects offset element type f32",
    )
}

// ---- data movement -------------------------------------------------------------------------

fn positive(d: i64) -> bool {
    d == DYNAMIC || d > 0
}

pub(super) fn verify_tload<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (Some(src), Some(dst)) = (
        PartitionTensorViewType::from_type(c.ty(0)),
        TileBufType::from_type(c.ty(1)),
    ) else {
        return Err(
            c.err("expects src to be !pto.partition_tensor_view and dst to be !pto.tile_buf")
        );
    };
    for (i, &d) in src.shape().iter().enumerate() {
        c.fail(
            positive(d),
            &format!("expects src shape[{i}] to be positive"),
        )?;
    }
    for (i, d) in [dst.valid_rows(), dst.valid_cols()].into_iter().enumerate() {
        c.fail(
            positive(d),
            &format!("expects dst valid_shape[{i}] to be positive"),
        )?;
    }
    c.fail(
        super::layout::elem_bytes(src.element_type()) == super::layout::elem_bytes(dst.dtype()),
        "expects src and dst element types to have the same element size",
    )
}

pub(super) fn verify_tprefetch<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let d = c.tile(1, "dst")?;
    c.fail(
        d.loc() == AS::VEC || d.loc() == AS::MAT,
        "expects dst to use loc=vec or loc=mat",
    )
}

pub(super) fn verify_tstore<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (Some(src), Some(dst)) = (
        TileBufType::from_type(c.ty(0)),
        PartitionTensorViewType::from_type(c.ty(1)),
    ) else {
        return Err(
            c.err("expects src to be !pto.tile_buf and dst to be !pto.partition_tensor_view")
        );
    };
    if body.num_operands(op) == 3 {
        c.fail(
            src.loc() == AS::ACC,
            "expects preQuantScalar form to use loc=acc src",
        )?;
    }
    let dst_count: Option<i64> = dst
        .shape()
        .iter()
        .try_fold(1i64, |acc, &d| (d != DYNAMIC).then(|| acc * d));
    let src_count = (src.valid_rows() != DYNAMIC && src.valid_cols() != DYNAMIC)
        .then(|| src.valid_rows() * src.valid_cols());
    if let (Some(n), Some(m)) = (dst_count, src_count) {
        c.fail(
            n == m,
            &format!(
                "expects dst static element count ({n}) to match src valid_shape static element count ({m})"
            ),
        )?;
    }
    Ok(())
}

/// Address-space pairs a `tmov` may connect.
fn tmov_pair_ok(s: AS, d: AS) -> bool {
    matches!(
        (s, d),
        (AS::MAT, AS::LEFT | AS::RIGHT | AS::BIAS | AS::SCALING)
            | (AS::VEC, AS::VEC | AS::MAT)
            | (AS::ACC, AS::MAT | AS::VEC)
    )
}

pub(super) fn verify_tmov<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let spec = super::TMovOp::spec();
    let fp = !pto_ir::ods::operand_group(spec, body, op, 2).is_empty();
    let quant = !pto_ir::ods::operand_group(spec, body, op, 3).is_empty();
    c.fail(
        !(fp && quant),
        "expects fp and preQuantScalar forms to be mutually exclusive",
    )?;
    if c.lowered() {
        return Ok(());
    }
    let (s, d) = (c.tile(0, "src")?, c.tile(1, "dst")?);
    c.fail(
        tmov_pair_ok(s.loc(), d.loc()),
        "expects a supported tmov address-space pair for this target",
    )?;
    if s.loc() == AS::MAT {
        c.fail(
            (s.rows(), s.cols()) == (d.rows(), d.cols()),
            "expects mat-source tmov to use matching src/dst shapes",
        )?;
    }
    if body.attr(op, "accToVecMode").is_some() {
        c.fail(
            s.loc() == AS::ACC && d.loc() == AS::VEC,
            "expects accToVecMode to be used only for acc-to-vec tmov",
        )?;
    }
    if fp {
        c.fail(s.loc() == AS::ACC, "expects fp form to use loc=acc src")?;
    }
    if quant {
        c.fail(
            s.loc() == AS::ACC,
            "expects preQuantScalar form to use loc=acc src",
        )?;
    }
    Ok(())
}

pub(super) fn verify_ttrans<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, d) = (c.tile(0, "src")?, c.tile(2, "dst")?);
    c.same_elem(s, d, "src", "dst")
}

/// `textract`/`tinsert`: constant offsets keep the copied rectangle inside the larger
/// tile.
fn offset_copy<'c>(body: &Body<'c>, op: OpId, extract: bool) -> VResult<'c> {
    let c = Check::new(body, op);
    let (r, col) = (body.constant_int(c.value(1)), body.constant_int(c.value(2)));
    c.fail(
        r.is_none_or(|v| v >= 0) && col.is_none_or(|v| v >= 0),
        "expects indexRow and indexCol to be non-negative",
    )?;
    if c.lowered() {
        return Ok(());
    }
    let (s, d) = (c.tile(0, "src")?, c.tile(3, "dst")?);
    c.same_elem(s, d, "src", "dst")?;
    let (big, small) = if extract { (s, d) } else { (d, s) };
    let (bn, sn) = if extract {
        ("src", "dst")
    } else {
        ("dst", "src")
    };
    if let Some(r) = r {
        c.fail(
            r + i128::from(small.rows()) <= i128::from(big.rows()),
            &format!("expects indexRow + {sn} rows <= {bn} rows"),
        )?;
    }
    if let Some(col) = col {
        c.fail(
            col + i128::from(small.cols()) <= i128::from(big.cols()),
            &format!("expects indexCol + {sn} cols <= {bn} cols"),
        )?;
    }
    Ok(())
}
pub(super) fn verify_textract<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    offset_copy(body, op, true)
}
pub(super) fn verify_tinsert<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    offset_copy(body, op, false)
}

pub(super) fn verify_tgetval<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let Some(s) = TileBufType::from_type(c.ty(0)) else {
        return Ok(());
    };
    c.fail(
        s.loc() != AS::MAT,
        "Ascend hardware does not support reading from Mat tile_buf to Scalar unit",
    )?;
    c.vec(s, "src")?;
    c.fail(
        body.value_type(body.result(op, 0)) == s.dtype(),
        "expects dst type to match src element type",
    )
}

pub(super) fn verify_tsetval<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let Some(d) = TileBufType::from_type(c.ty(0)) else {
        return Ok(());
    };
    c.fail(
        c.ty(2) == d.dtype(),
        "expects val type to match dst element type",
    )
}

// ---- matrix unit ---------------------------------------------------------------------------

/// Element types `(dst, lhs, rhs)` the matrix unit multiplies.
fn matmul_types_ok(d: Type<'_>, a: Type<'_>, b: Type<'_>) -> bool {
    a == b
        && ((d.is_signless_int(32) && a.is_signless_int(8))
            || (float_is(d, FloatKind::F32)
                && (float_is(a, FloatKind::F16)
                    || float_is(a, FloatKind::BF16)
                    || float_is(a, FloatKind::F32))))
}

/// `lhs[M, K] x rhs[K, N] -> dst[M, N]` in left/right/acc with valid sizes in
/// [1, 4095]; `acc_in` (operand 0 of the `.acc` forms) in acc, `bias` in bias.
fn matmul<'c>(body: &Body<'c>, op: OpId, acc_in: bool, bias: bool, gemv: bool) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let base = usize::from(acc_in);
    let (a, b) = (c.tile(base, "lhs")?, c.tile(base + 1, "rhs")?);
    let n = body.num_operands(op);
    let d = c.tile(n - 1, "dst")?;
    if acc_in {
        let cin = c.tile(0, "acc_in")?;
        c.fail(
            cin.loc() == AS::ACC,
            "expects acc_in to be in the acc address space",
        )?;
    }
    if gemv {
        c.fail(
            a.loc() == AS::LEFT && b.loc() == AS::RIGHT,
            "expects lhs and rhs to use the left and right address spaces",
        )?;
        c.fail(
            dims_agree(a.valid_rows(), 1),
            "expects lhs valid_shape[0] to be 1 for tgemv",
        )?;
        c.fail(
            dims_agree(d.valid_rows(), 1),
            "expects dst valid_shape[0] to be 1 for tgemv",
        )?;
    } else {
        c.fail(
            a.loc() == AS::LEFT && b.loc() == AS::RIGHT && d.loc() == AS::ACC,
            "expects lhs, rhs, and dst to use the left, right, and acc address spaces",
        )?;
        c.fail(
            a.rows() == d.rows() && a.cols() == b.rows() && b.cols() == d.cols(),
            "expects static matmul tile shapes lhs[M,K], rhs[K,N], and dst[M,N]",
        )?;
    }
    let in_range = |v: i64| v == DYNAMIC || (1..=4095).contains(&v);
    c.fail(
        in_range(a.valid_rows()) && in_range(a.valid_cols()) && in_range(b.valid_cols()),
        "expects m, k, and n valid sizes to be in [1, 4095]",
    )?;
    if !acc_in {
        c.fail(
            matmul_types_ok(d.dtype(), a.dtype(), b.dtype()),
            "expects (dst, lhs, rhs) element types to match one of (i32, i8, i8), (f32, f16, f16), (f32, bf16, bf16), (f32, f32, f32)",
        )?;
    }
    if bias {
        let t = c.tile(2, "bias")?;
        c.fail(
            t.loc() == AS::BIAS,
            "expects bias to be in the bias address space",
        )?;
        c.fail(t.rows() == 1, "expects bias to have 1 row")?;
        c.same_elem(t, d, "bias", "dst")?;
    }
    Ok(())
}
pub(super) fn verify_tmatmul<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    matmul(body, op, false, false, false)
}
pub(super) fn verify_tmatmul_acc<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    matmul(body, op, true, false, false)
}
pub(super) fn verify_tmatmul_bias<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    matmul(body, op, false, true, false)
}
pub(super) fn verify_tgemv<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    matmul(body, op, false, false, true)
}
pub(super) fn verify_tgemv_acc<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    matmul(body, op, true, false, true)
}
pub(super) fn verify_tgemv_bias<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    matmul(body, op, false, true, true)
}
