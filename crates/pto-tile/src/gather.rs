//! Hooks of the data-dependent vector ops (`td/pto/PTOGatherOps.td`) and
//! `tget_scale_addr`: the custom syntax of `tgather` (three forms) and `tmrgsort` (two
//! formats), and the verifiers, with PTOAS's messages. Where A2/A3 and A5 accept
//! different element types, the union is accepted (the per-target tables are not
//! checked, as for the other tile ops); as in PTOAS, lowered (memref) operands are not
//! checked.

use crate::BLayout;
use crate::{CmpMode, CmpModeAttr, MaskPattern, MaskPatternAttr};
use pto_ir::asm::{
    print_op_attrs, print_operand_list, print_value_types, print_values_with_types, OpAsmParser,
    OpAsmPrinter, UnresolvedOperand,
};
use pto_ir::body::OperationState;
use pto_ir::{Attribute, Body, Context, OpId, Type, TypeKind, ValueId, DYNAMIC};

use super::check::{dims_agree, is_float, is_int, is_uint, width, Check, VResult};
use super::layout::elem_bytes;
use super::views::{expect_operand, set_segments};
use super::{AddressSpace as AS, PartitionTensorViewType, TileBufType};

/// Tiles and what stands for them (memrefs, partition views, ranked tensors).
fn is_tile_like(t: Type<'_>) -> bool {
    TileBufType::from_type(t).is_some()
        || PartitionTensorViewType::from_type(t).is_some()
        || matches!(
            t.kind(),
            TypeKind::MemRef { .. } | TypeKind::RankedTensor { .. }
        )
}

fn is_mask_pattern(a: Attribute<'_>) -> bool {
    MaskPatternAttr::from_attr(a).is_some()
}

/// `maskPattern = #pto.mask_pattern<...>` (after the keyword).
fn parse_mask_pattern<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Attribute<'c>, ()> {
    p.parse_punct("=")?;
    let pos = p.current_pos();
    let a = p.parse_attribute()?;
    if !is_mask_pattern(a) {
        p.emit_error_at(pos, "expected #pto.mask_pattern<Pxxxx> for maskPattern");
        return Err(());
    }
    Ok(a)
}

/// `keyword(%first`: the opening of an `ins`/`outs` list and its first operand.
fn open_list(p: &mut dyn OpAsmParser<'_>, keyword: &str) -> Result<UnresolvedOperand, ()> {
    p.parse_keyword(keyword)?;
    p.parse_punct("(")?;
    expect_operand(p)
}

/// An error about the whole op, found once all of it is parsed: at its name.
fn at_op(p: &mut dyn OpAsmParser<'_>, msg: &str) {
    let pos = p.op_name_pos();
    p.emit_error_at(pos, msg);
}

fn has_prop(state: &OperationState<'_>, name: &str) -> bool {
    state.props.and_then(|d| d.dict_get(name)).is_some()
}

/// The optional `tmp` after the first extra `ins` operand of a `form`-form `tgather`: its
/// index among the extra operands.
fn tgather_tmp(
    p: &mut dyn OpAsmParser<'_>,
    form: &str,
    extra: &[Type<'_>],
) -> Result<Option<usize>, ()> {
    match extra.get(1) {
        None => Ok(None),
        Some(&t) if is_tile_like(t) => Ok(Some(1)),
        Some(_) => {
            at_op(p, &format!("{form}-form tgather tmp must be tile-like"));
            Err(())
        }
    }
}

// ---- tgather ------------------------------------------------------------------------------

/// The three forms of PTOAS's `tgather` syntax (see the op's description): the operand
/// after `src` decides, a `{maskPattern = ...}` dictionary, a scalar (compare form,
/// which has two results in `outs`) or a tile (index form).
pub(super) fn parse_tgather<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let src = open_list(p, "ins")?;
    if !p.parse_optional_punct(",") {
        p.emit_error("expected ',' after src operand in ins(...)");
        return Err(());
    }
    let mut mask = None;
    let mut extra: Vec<UnresolvedOperand> = Vec::new();
    let mut extra_types: Vec<Type<'c>> = Vec::new();
    let src_ty;
    if p.parse_optional_punct("{") {
        p.parse_keyword("maskPattern")?;
        mask = Some(parse_mask_pattern(p)?);
        p.parse_punct("}")?;
        p.parse_punct(":")?;
        src_ty = p.parse_type()?;
        p.parse_punct(")")?;
    } else {
        extra.push(expect_operand(p)?);
        while p.parse_optional_punct(",") {
            if extra.len() == 3 {
                p.emit_error("expected at most 3 extra operands in tgather ins(...)");
                return Err(());
            }
            extra.push(expect_operand(p)?);
        }
        p.parse_punct(":")?;
        src_ty = p.parse_type()?;
        for _ in &extra {
            p.parse_punct(",")?;
            extra_types.push(p.parse_type()?);
        }
        p.parse_punct(")")?;
    }
    let dst = open_list(p, "outs")?;
    let cdst = if p.parse_optional_punct(",") {
        Some(expect_operand(p)?)
    } else {
        None
    };
    p.parse_punct(":")?;
    let dst_ty = p.parse_type()?;
    let cdst_ty = if cdst.is_some() {
        p.parse_punct(",")?;
        Some(p.parse_type()?)
    } else {
        None
    };
    p.parse_punct(")")?;
    if p.parse_optional_keyword("maskPattern") {
        if mask.is_some() {
            p.emit_error("maskPattern may only be specified once");
            return Err(());
        }
        mask = Some(parse_mask_pattern(p)?);
    }
    p.parse_optional_attr_dict(state)?;
    let (mut indices, mut tmp, mut k) = (None, None, None);
    if mask.is_some() {
        if !extra.is_empty() {
            at_op(p, "mask-pattern tgather does not take extra ins operands");
            return Err(());
        }
        if cdst.is_some() {
            at_op(p, "mask-pattern tgather expects a single outs operand");
            return Err(());
        }
    } else if cdst.is_some() {
        let scalar = extra_types
            .first()
            .is_some_and(|t| t.is_integer() || t.is_float());
        if !scalar {
            at_op(p, "compare-form tgather expects a scalar kValue operand");
            return Err(());
        }
        if extra.len() == 3 {
            at_op(
                p,
                "compare-form tgather expects at most src, kValue, tmp in ins(...)",
            );
            return Err(());
        }
        k = Some(0);
        tmp = tgather_tmp(p, "compare", &extra_types)?;
    } else {
        if extra.len() == 3 {
            at_op(
                p,
                "index-form tgather expects at most src, indices, tmp in ins(...)",
            );
            return Err(());
        }
        if !extra_types.first().is_some_and(|&t| is_tile_like(t)) {
            at_op(
                p,
                "index-form tgather expects tile-like indices; compare-form must use outs(dst, cdst)",
            );
            return Err(());
        }
        indices = Some(0);
        tmp = tgather_tmp(p, "index", &extra_types)?;
    }
    if let Some(m) = mask {
        state.set_prop(ctx, "maskPattern", m);
    }
    state.operands.push(p.resolve_operand(&src, src_ty)?);
    state.operands.push(p.resolve_operand(&dst, dst_ty)?);
    if let (Some(u), Some(t)) = (&cdst, cdst_ty) {
        state.operands.push(p.resolve_operand(u, t)?);
    }
    for i in [indices, tmp, k].into_iter().flatten() {
        state
            .operands
            .push(p.resolve_operand(&extra[i], extra_types[i])?);
    }
    let n = |o: Option<usize>| i32::from(o.is_some());
    set_segments(
        ctx,
        state,
        &[1, 1, i32::from(cdst.is_some()), n(indices), n(tmp), n(k)],
    );
    Ok(())
}

pub(super) fn print_tgather<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let c = Check::new(body, op);
    let get = |g: &str| c.named(g);
    let (src, dst) = (c.value(0), c.value(1));
    let ty = |v: ValueId| body.value_type(v);
    p.write(" ins(");
    p.print_operand(body, src);
    p.write(", ");
    let mask = body.attr(op, "maskPattern");
    if let Some(m) = mask {
        p.write("{maskPattern = ");
        p.print_attribute(m);
        p.write("} : ");
        p.print_type(ty(src));
    } else {
        let first = get("kValue").or(get("indices"));
        let extra: Vec<ValueId> = [first, get("tmp")].into_iter().flatten().collect();
        print_operand_list(p, body, &extra);
        p.write(" : ");
        p.print_type(ty(src));
        for &v in &extra {
            p.write(", ");
            p.print_type(ty(v));
        }
    }
    p.write(") outs(");
    let outs: Vec<ValueId> = [Some(dst), get("cdst")].into_iter().flatten().collect();
    print_values_with_types(p, body, &outs);
    p.write(")");
    print_op_attrs(p, body, op, &["maskPattern", "operandSegmentSizes"]);
}

pub(super) fn verify_tgather<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let has = |g: &str| c.named(g).is_some();
    if body.attr(op, "maskPattern").is_some() {
        c.fail(
            !(has("cdst") || has("indices") || has("tmp") || has("kValue")),
            "mask-pattern tgather only allows src and dst operands",
        )?;
        return gather_mask(&c);
    }
    if has("cdst") || has("kValue") {
        c.fail(
            has("cdst") && has("kValue") && has("tmp"),
            "compare-form tgather expects dst, cdst, kValue, and tmp",
        )?;
        c.fail(
            !has("indices"),
            "compare-form tgather does not take indices",
        )?;
        return gather_compare(&c);
    }
    c.fail(has("indices"), "index-form tgather expects indices")?;
    gather_index(&c)
}

/// How many source columns one destination column takes under a mask pattern.
fn mask_factor(pattern: MaskPattern) -> i64 {
    match pattern {
        MaskPattern::P0101 | MaskPattern::P1010 => 2,
        MaskPattern::P0001 | MaskPattern::P0010 | MaskPattern::P0100 | MaskPattern::P1000 => 4,
        MaskPattern::P1111 => 1,
    }
}

fn gather_mask<'c>(c: &Check<'_, 'c>) -> VResult<'c> {
    if c.lowered() {
        return Ok(());
    }
    let (s, d) = (c.named_tile("src")?, c.named_tile("dst")?);
    c.fail(
        s.blayout() == BLayout::RowMajor && d.blayout() == BLayout::RowMajor,
        "expects src and dst to use row-major layout",
    )?;
    c.fail(
        s.loc() == AS::VEC && d.loc() == AS::VEC,
        "expects src and dst to be in the vec address space",
    )?;
    let bytes = elem_bytes(s.dtype());
    c.fail(
        bytes == elem_bytes(d.dtype()),
        "expects src and dst element sizes to match",
    )?;
    c.fail(
        dims_agree(d.valid_cols(), d.cols()),
        "expects dst valid_shape[1] to equal dst cols",
    )?;
    c.fail(
        dims_agree(d.valid_rows(), s.valid_rows()),
        "expects dst valid rows to equal src valid rows for row direction",
    )?;
    let times = c
        .body
        .attr(c.op, "maskPattern")
        .and_then(MaskPatternAttr::from_attr)
        .map_or(1, |p| mask_factor(p.value()));
    let (sc, dc) = (s.valid_cols(), d.valid_cols());
    c.fail(
        sc == DYNAMIC || dc == DYNAMIC || sc == dc * times,
        "expects src valid cols to equal dst valid cols times the mask expansion factor for row direction",
    )?;
    c.fail(
        matches!(bytes, 1 | 2 | 4),
        "expects mask-pattern gather element size to be 1, 2, or 4 bytes",
    )
}

fn gather_index<'c>(c: &Check<'_, 'c>) -> VResult<'c> {
    if c.lowered() {
        return Ok(());
    }
    let (s, d, i) = (
        c.named_tile("src")?,
        c.named_tile("dst")?,
        c.named_tile("indices")?,
    );
    if c.named("tmp").is_some() {
        c.named_tile("tmp")?;
    }
    c.same_elem(s, d, "src", "dst")?;
    let t = s.dtype();
    c.fail(
        is_int(t, &[8, 16, 32]) || is_float(t, &[16, 32]),
        "expects gather src/dst element type to be i8/i16/i32/f16/f32",
    )?;
    c.fail(
        i.dtype().is_integer(),
        "indices element type must be integer",
    )?;
    c.fail(
        matches!(width(i.dtype()), Some(16 | 32)),
        "expects indices element type to be i32 or i16",
    )?;
    c.fail(
        dims_agree(d.valid_cols(), d.cols()),
        "expects dst valid_shape[1] to equal dst cols",
    )?;
    c.fail(
        dims_agree(i.valid_cols(), i.cols()),
        "expects indices valid_shape[1] to equal indices cols",
    )
}

fn gather_compare<'c>(c: &Check<'_, 'c>) -> VResult<'c> {
    let k_ty = c.named_ty("kValue");
    let mode = c
        .body
        .attr(c.op, "cmpMode")
        .and_then(CmpModeAttr::from_attr)
        .map_or(CmpMode::EQ, CmpModeAttr::value);
    c.fail(
        matches!(mode, CmpMode::EQ | CmpMode::GT),
        "expects compare-form tgather cmpMode to be eq or gt",
    )?;
    if c.lowered() {
        return Ok(());
    }
    let (s, d, cd) = (
        c.named_tile("src")?,
        c.named_tile("dst")?,
        c.named_tile("cdst")?,
    );
    let tmp = c.named_tile("tmp")?;
    c.fail(
        is_int(d.dtype(), &[32]),
        "expects dst element type to be i32",
    )?;
    c.fail(
        cd.dtype() == d.dtype(),
        "expects cdst to have the same element type as dst",
    )?;
    c.fail(
        k_ty == Some(s.dtype()),
        "expects kValue to have the same type as src element type",
    )?;
    let t = s.dtype();
    c.fail(
        is_float(t, &[16, 32]) || is_int(t, &[16, 32]),
        "expects compare-form tgather src element type to be i16/i32/f16/f32",
    )?;
    for (t, n) in [(s, "src"), (d, "dst"), (cd, "cdst"), (tmp, "tmp")] {
        c.vec_row_major(t, n)?;
    }
    Ok(())
}

// ---- tmrgsort -----------------------------------------------------------------------------

/// Format 1, `ins(%src, %blockLen : T, i32) outs(%dst : T)`, or format 2, `ins(%s0, %s1,
/// ..., %tmp {exhausted = b} : T, ..., T) outs(%dst, %executed : T, vector<4xi16>)`:
/// a colon after two operands means format 1.
pub(super) fn parse_tmrgsort<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let bool_attr = |v: bool| ctx.int_attr(ctx.int_type(1), i128::from(v));
    let first = open_list(p, "ins")?;
    p.parse_punct(",")?;
    let second = expect_operand(p)?;
    if p.parse_optional_punct(":") {
        let src_ty = p.parse_type()?;
        p.parse_punct(",")?;
        let len_ty = p.parse_type()?;
        p.parse_punct(")")?;
        let dst = open_list(p, "outs")?;
        p.parse_punct(":")?;
        let dst_ty = p.parse_type()?;
        p.parse_punct(")")?;
        p.parse_optional_attr_dict(state)?;
        for (u, t) in [(&first, src_ty), (&second, len_ty), (&dst, dst_ty)] {
            state.operands.push(p.resolve_operand(u, t)?);
        }
        set_segments(ctx, state, &[1, 1, 1, 0, 0]);
        if !has_prop(state, "exhausted") {
            state.set_prop(ctx, "exhausted", bool_attr(false));
        }
        return Ok(());
    }
    let mut srcs = vec![first, second];
    while p.parse_optional_punct(",") {
        srcs.push(expect_operand(p)?);
    }
    if !(3..=5).contains(&srcs.len()) {
        p.emit_error("tmrgsort format2 expects 2 to 4 src operands followed by tmp");
        return Err(());
    }
    let tmp = srcs.pop().expect("checked above");
    let mut exhausted = false;
    if p.parse_optional_punct("{") {
        p.parse_keyword("exhausted")?;
        p.parse_punct("=")?;
        exhausted = match p.parse_optional_any_keyword().as_deref() {
            Some("true") => true,
            Some("false") => false,
            _ => {
                p.emit_error("expected 'true' or 'false'");
                return Err(());
            }
        };
        p.parse_punct("}")?;
    }
    p.parse_punct(":")?;
    let mut types = vec![p.parse_type()?];
    while p.parse_optional_punct(",") {
        types.push(p.parse_type()?);
    }
    if types.len() != srcs.len() + 1 {
        p.emit_error("expected one type for each src and for tmp");
        return Err(());
    }
    let tmp_ty = types.pop().expect("checked above");
    p.parse_punct(")")?;
    let dst = open_list(p, "outs")?;
    p.parse_punct(",")?;
    let executed = expect_operand(p)?;
    p.parse_punct(":")?;
    let dst_ty = p.parse_type()?;
    p.parse_punct(",")?;
    let executed_ty = p.parse_type()?;
    p.parse_punct(")")?;
    p.parse_optional_attr_dict(state)?;
    for (u, &t) in srcs.iter().zip(&types) {
        state.operands.push(p.resolve_operand(u, t)?);
    }
    for (u, t) in [(&dst, dst_ty), (&tmp, tmp_ty), (&executed, executed_ty)] {
        state.operands.push(p.resolve_operand(u, t)?);
    }
    set_segments(ctx, state, &[srcs.len() as i32, 0, 1, 1, 1]);
    if !has_prop(state, "exhausted") {
        state.set_prop(ctx, "exhausted", bool_attr(exhausted));
    }
    Ok(())
}

/// The operand groups of a `tmrgsort`: sources, block length, destinations, scratch,
/// executed counts.
fn mrgsort_groups(body: &Body<'_>, op: OpId) -> [Vec<ValueId>; 5] {
    let spec = super::TMrgSortOp::spec();
    std::array::from_fn(|g| pto_ir::ods::operand_group(spec, body, op, g).to_vec())
}

fn exhausted(body: &Body<'_>, op: OpId) -> bool {
    body.attr(op, "exhausted")
        .and_then(|a| a.as_int())
        .is_some_and(|v| v != 0)
}

pub(super) fn print_tmrgsort<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let [srcs, len, dsts, tmp, executed] = mrgsort_groups(body, op);
    p.write(" ins(");
    let elided: &[&str] = if len.is_empty() {
        // Format 2 (or a malformed op, printed the same way).
        let ins: Vec<ValueId> = srcs.iter().chain(&tmp).copied().collect();
        print_operand_list(p, body, &ins);
        p.write(&format!(" {{exhausted = {}}} : ", exhausted(body, op)));
        print_value_types(p, body, &ins);
        p.write(") outs(");
        let outs: Vec<ValueId> = dsts.iter().chain(&executed).copied().collect();
        print_values_with_types(p, body, &outs);
        &["operandSegmentSizes", "exhausted"]
    } else {
        let ins: Vec<ValueId> = srcs.iter().chain(&len).copied().collect();
        print_values_with_types(p, body, &ins);
        p.write(") outs(");
        print_values_with_types(p, body, &dsts);
        if exhausted(body, op) {
            &["operandSegmentSizes"]
        } else {
            &["operandSegmentSizes", "exhausted"]
        }
    };
    p.write(")");
    print_op_attrs(p, body, op, elided);
}

/// What both formats require of two of their tiles: one element type (else `same`), f16
/// or f32, one row each (the messages prefixed with `format`).
fn sort_pair<'c>(
    c: &Check<'_, 'c>,
    format: &str,
    [(a, na), (b, nb)]: [(TileBufType<'c>, &str); 2],
    same: &str,
) -> VResult<'c> {
    c.fail(a.dtype() == b.dtype(), same)?;
    c.fail(
        is_float(a.dtype(), &[16, 32]),
        "expects element type to be f16 or f32",
    )?;
    for (t, n) in [(a, na), (b, nb)] {
        c.fail(t.rows() == 1, &format!("{format}expects {n} rows == 1"))?;
    }
    Ok(())
}

pub(super) fn verify_tmrgsort<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let [srcs, len, dsts, tmp, executed] = mrgsort_groups(body, op);
    let format1 = srcs.len() == 1 && len.len() == 1 && dsts.len() == 1;
    let format2 = (2..=4).contains(&srcs.len())
        && len.is_empty()
        && dsts.len() == 1
        && tmp.len() == 1
        && executed.len() == 1;
    if !format1 && !format2 {
        return Err(c.err(
            "tmrgsort expects format1 (1 src + blockLen + 1 dst) or format2 (2 to 4 srcs + tmp, outs dst, excuted)",
        ));
    }
    let tile_of = |v: ValueId, n: &str| c.tile_of(Some(v), n);
    if format1 {
        if let Some(n) = body.constant_int(len[0]) {
            c.fail(
                n > 0 && n % 64 == 0,
                "expects blockLen > 0 and multiple of 64",
            )?;
        }
        if c.lowered() {
            return Ok(());
        }
        let (s, d) = (tile_of(srcs[0], "src")?, tile_of(dsts[0], "dst")?);
        let same = "expects src/dst to have the same element type";
        sort_pair(&c, "", [(s, "src"), (d, "dst")], same)?;
        c.fail(s.cols() == d.cols(), "expects src/dst cols to match")?;
        for (t, n) in [(s, "src"), (d, "dst")] {
            c.vec_row_major(t, n)?;
        }
        return Ok(());
    }
    let ex = body.value_type(executed[0]);
    let ok = matches!(ex.kind(), TypeKind::Vector { shape, element, .. }
        if shape.len() == 1 && shape[0] == 4 && element.is_signless_int(16));
    c.fail(ok, "format2 excuted must be vector<4xi16>")?;
    if c.lowered() {
        return Ok(());
    }
    let (d, t) = (tile_of(dsts[0], "dst")?, tile_of(tmp[0], "tmp")?);
    let same = "format2 expects dst/tmp element types to match";
    sort_pair(&c, "format2 ", [(d, "dst"), (t, "tmp")], same)?;
    c.fail(t.cols() >= d.cols(), "format2 expects tmp.cols >= dst.cols")?;
    let mut total = 0;
    for &v in &srcs {
        let s = tile_of(v, "src")?;
        c.fail(s.rows() == 1, "format2 expects src rows == 1")?;
        c.fail(
            s.dtype() == d.dtype(),
            "format2 expects src/dst/tmp element types to match",
        )?;
        c.vec_row_major(s, "src")?;
        total = if s.valid_cols() == DYNAMIC || total == DYNAMIC {
            DYNAMIC
        } else {
            total + s.valid_cols()
        };
    }
    c.fail(
        total == DYNAMIC || t.cols() >= total,
        &format!("format2 expects tmp.cols >= sum(src.cols) = {total}"),
    )?;
    for (x, n) in [(d, "dst"), (t, "tmp")] {
        c.vec_row_major(x, n)?;
    }
    Ok(())
}

// ---- the other gathers, histograms, generators ----------------------------------------------

pub(super) fn verify_tgatherb<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, o, d) = (c.tile(0, "src")?, c.tile(1, "offsets")?, c.tile(2, "dst")?);
    c.fail(
        o.blayout() == BLayout::RowMajor && d.blayout() == BLayout::RowMajor,
        "expects dst and offsets to use row-major layout",
    )?;
    c.fail(
        matches!(elem_bytes(d.dtype()), 1 | 2 | 4),
        "expects dst element size to be 1, 2, or 4 bytes",
    )?;
    c.fail(
        is_int(o.dtype(), &[32]),
        "expects offsets element type to be i32",
    )?;
    c.fail(
        dims_agree(o.valid_rows(), d.valid_rows()),
        "expects offsets valid rows to match dst valid rows",
    )?;
    for (t, n) in [(s, "src"), (o, "offsets"), (d, "dst")] {
        c.vec(t, n)?;
    }
    Ok(())
}

pub(super) fn verify_tscatter<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, i, d) = (c.tile(0, "src")?, c.tile(1, "indexes")?, c.tile(2, "dst")?);
    for (t, n) in [(s, "src"), (i, "indexes"), (d, "dst")] {
        c.vec_row_major(t, n)?;
    }
    c.same_elem(s, d, "src", "dst")?;
    let (sb, ib) = (elem_bytes(s.dtype()), elem_bytes(i.dtype()));
    c.fail(
        i.dtype().is_integer() && (ib == sb || (sb == 1 && ib == 2)),
        "expects indexes element size to match src element size (2 bytes for 1-byte data)",
    )?;
    c.same_valid(s, i, "src", "indexes")
}

pub(super) fn verify_thistogram<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, i, d) = (c.tile(0, "src")?, c.tile(1, "idx")?, c.tile(2, "dst")?);
    for (t, n) in [(s, "src"), (i, "idx"), (d, "dst")] {
        c.vec(t, n)?;
    }
    c.fail(
        is_uint(s.dtype(), 16),
        "expects src element type to be ui16",
    )?;
    c.fail(is_uint(i.dtype(), 8), "expects idx element type to be ui8")?;
    c.fail(i.cols() == 1, "expects idx to have a single column")?;
    c.fail(
        is_uint(d.dtype(), 32),
        "expects dst element type to be ui32",
    )?;
    c.fail(
        d.cols() >= 256 && (d.valid_cols() == DYNAMIC || d.valid_cols() >= 256),
        "expects dst cols and valid cols to be at least 256",
    )?;
    c.fail(
        s.rows() == d.rows() && dims_agree(s.valid_rows(), d.valid_rows()),
        "expects src and dst to have the same rows and valid rows",
    )
}

pub(super) fn verify_trandom<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let rounds = body
        .attr(op, "rounds")
        .and_then(|a| a.as_int())
        .unwrap_or(10);
    c.fail(rounds == 7 || rounds == 10, "expects rounds to be 7 or 10")?;
    c.fail(
        (0..6).all(|i| c.ty(i).is_signless_int(32)),
        "expects key and counter operands to be i32",
    )?;
    if c.lowered() {
        return Ok(());
    }
    let d = c.tile(6, "dst")?;
    c.vec_row_major(d, "dst")?;
    c.fail(
        is_int(d.dtype(), &[32]),
        "expects dst element type to be i32 or ui32",
    )
}

pub(super) fn verify_tpack<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, d) = (c.tile(0, "src")?, c.tile(1, "dst")?);
    for (t, n) in [(s, "src"), (d, "dst")] {
        c.vec_row_major(t, n)?;
    }
    c.fail(
        matches!(
            (elem_bytes(s.dtype()), elem_bytes(d.dtype())),
            (4, 2) | (4, 1) | (2, 1)
        ),
        "expects src/dst element sizes to be 4->2, 4->1 or 2->1 bytes",
    )?;
    c.same_valid(s, d, "src", "dst")
}

pub(super) fn verify_tget_scale_addr<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(c) = Check::unlowered(body, op) else {
        return Ok(());
    };
    let (s, d) = (c.tile(0, "src")?, c.tile(1, "dst")?);
    c.fail(
        d.loc() == AS::SCALING,
        "expects dst to be in the scaling address space",
    )?;
    c.fail(
        (s.rows(), s.cols()) == (d.rows(), d.cols()),
        "expects src and dst to have the same shape",
    )?;
    c.same_valid(s, d, "src", "dst")
}
