//! Verifiers of the `vector` ops, with MLIR's messages and in MLIR's order.

use super::{affine_map_of, bool_array, transfer_mask_type, vector_parts, POISON_INDEX};
use pto_ir::printer::{attr_to_string, type_to_string};
use pto_ir::{AffineExpr, AffineMap, Body, Context, Diagnostic, OpId, Type, TypeKind, DYNAMIC};

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    pto_ir::verifier::op_error(body, op, msg)
}

/// An error without the `'name' op` prefix (MLIR's `Operation::emitError`).
fn plain_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    Diagnostic::error(body.op_loc(op), msg.to_string())
}

fn ty<'c>(body: &Body<'c>, v: pto_ir::ValueId) -> Type<'c> {
    body.value_type(v)
}

fn rank(t: Type<'_>) -> usize {
    t.shape().map_or(0, <[i64]>::len)
}

/// Size in bits for the data-layout checks of transfers (`index` is 64 bits).
fn bits(t: Type<'_>) -> u64 {
    match t.kind() {
        TypeKind::Index => 64,
        TypeKind::Integer { width, .. } => u64::from(*width),
        TypeKind::Float(k) => u64::from(k.width()),
        _ => match vector_parts(t) {
            Some((shape, _, e)) => bits(e) * shape.iter().product::<i64>().max(0) as u64,
            None => 64,
        },
    }
}

/// MLIR's `verifyLoadStoreMemRefLayout`: single-element accesses need no unit stride.
fn verify_layout<'c>(
    body: &Body<'c>,
    op: OpId,
    vec: Type<'c>,
    memref: Type<'c>,
) -> Result<(), Diagnostic<'c>> {
    let (shape, scalable, _) = vector_parts(vec).unwrap_or((&[], &[], vec));
    let scalar_like = !scalable.contains(&true) && shape.iter().product::<i64>() == 1;
    if scalar_like {
        return Ok(());
    }
    let unit = memref
        .strides_and_offset()
        .is_some_and(|(s, _)| s.last().is_none_or(|&l| l == 1));
    if !unit {
        return Err(op_error(
            body,
            op,
            "most minor memref dim must have unit stride",
        ));
    }
    Ok(())
}

fn indices_error<'c>(body: &Body<'c>, op: OpId, n: usize) -> Diagnostic<'c> {
    op_error(body, op, &format!("requires {n} indices"))
}

/// `vector.load` and `vector.store`: layout, ranks, element types, index count.
fn verify_load_store<'c>(
    body: &Body<'c>,
    op: OpId,
    vec: Type<'c>,
    memref: Type<'c>,
    n_indices: usize,
    load: bool,
) -> Result<(), Diagnostic<'c>> {
    verify_layout(body, op, vec, memref)?;
    if rank(memref) < rank(vec) {
        return Err(op_error(
            body,
            op,
            if load {
                "destination memref has lower rank than the result vector"
            } else {
                "source memref has lower rank than the vector to store"
            },
        ));
    }
    let mut elem = memref.element_type().unwrap_or(memref);
    if vector_parts(elem).is_some() {
        if elem != vec {
            return Err(op_error(
                body,
                op,
                if load {
                    "base memref and result vector types should match"
                } else {
                    "base memref and valueToStore vector types should match"
                },
            ));
        }
        elem = elem.element_type().unwrap_or(elem);
    }
    if vec.element_type() != Some(elem) {
        return Err(op_error(
            body,
            op,
            if load {
                "base and result element types should match"
            } else {
                "base and valueToStore element type should match"
            },
        ));
    }
    if n_indices != rank(memref) {
        return Err(indices_error(body, op, rank(memref)));
    }
    Ok(())
}

pub(super) fn verify_load<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let memref = ty(body, body.operand(op, 0));
    let vec = ty(body, body.result(op, 0));
    verify_load_store(body, op, vec, memref, body.num_operands(op) - 1, true)
}

pub(super) fn verify_store<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let vec = ty(body, body.operand(op, 0));
    let memref = ty(body, body.operand(op, 1));
    verify_load_store(body, op, vec, memref, body.num_operands(op) - 2, false)
}

pub(super) fn verify_maskedload<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let n = body.num_operands(op);
    let pass = ty(body, body.operand(op, n - 1));
    let res = ty(body, body.result(op, 0));
    verify_masked_access(body, op, res, "result")?;
    if res != pass {
        return Err(op_error(
            body,
            op,
            "expected pass_thru of same type as result type",
        ));
    }
    Ok(())
}

/// What `maskedload` and `maskedstore` share: the base's layout and element type, one
/// index per dimension, a mask of the vector's shape. Operands: base, indices, mask, then
/// the pass-through or stored value; `vector` is the loaded or stored vector.
fn verify_masked_access<'c>(
    body: &Body<'c>,
    op: OpId,
    vector: Type<'c>,
    what: &str,
) -> Result<(), Diagnostic<'c>> {
    let n = body.num_operands(op);
    let memref = ty(body, body.operand(op, 0));
    let mask = ty(body, body.operand(op, n - 2));
    verify_layout(body, op, vector, memref)?;
    if vector.element_type() != memref.element_type() {
        return Err(op_error(
            body,
            op,
            &format!("base and {what} element type should match"),
        ));
    }
    if n - 3 != rank(memref) {
        return Err(indices_error(body, op, rank(memref)));
    }
    if vector.shape() != mask.shape() {
        return Err(op_error(
            body,
            op,
            &format!("expected {what} shape to match mask shape"),
        ));
    }
    Ok(())
}

pub(super) fn verify_maskedstore<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let value = ty(body, body.operand(op, body.num_operands(op) - 1));
    verify_masked_access(body, op, value, "valueToStore")
}

// ---- transfers -----------------------------------------------------------------------------

/// MLIR's `verifyTransferOp`: the checks both transfers share.
fn verify_transfer<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    shaped: Type<'c>,
    vector: Type<'c>,
    mask: Option<Type<'c>>,
    map: &AffineMap<'c>,
) -> Result<(), Diagnostic<'c>> {
    if !matches!(
        shaped.kind(),
        TypeKind::MemRef { .. } | TypeKind::RankedTensor { .. }
    ) {
        return Err(op_error(
            body,
            op,
            "requires source to be a memref or ranked tensor type",
        ));
    }
    let elem = shaped.element_type().unwrap_or(shaped);
    let (vshape, _, velem) = vector_parts(vector).unwrap_or((&[], &[], vector));
    if let Some((eshape, _, eelem)) = vector_parts(elem) {
        let source_bits = bits(eelem) * eshape.last().copied().unwrap_or(1) as u64;
        let result_bits = bits(velem) * vshape.last().copied().unwrap_or(1) as u64;
        if source_bits == 0 || !result_bits.is_multiple_of(source_bits) {
            return Err(op_error(body, op, "requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source"));
        }
        if eshape.len() > vshape.len() {
            return Err(op_error(
                body,
                op,
                "requires source vector element and vector result ranks to match.",
            ));
        }
        if map.results.len() != vshape.len() - eshape.len() {
            return Err(op_error(
                body,
                op,
                "requires a permutation_map with result dims of the same rank as the vector type",
            ));
        }
        if mask.is_some() {
            return Err(op_error(
                body,
                op,
                "does not support masks with vector element type",
            ));
        }
    } else {
        let minor = vshape.last().copied().unwrap_or(1).max(0) as u64;
        let elem_bits = bits(elem);
        if elem_bits == 0 || !(bits(velem) * minor).is_multiple_of(elem_bits) {
            return Err(op_error(body, op, "requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type"));
        }
        if map.results.len() != vshape.len() {
            return Err(op_error(
                body,
                op,
                "requires a permutation_map with result dims of the same rank as the vector type",
            ));
        }
    }
    if map.num_symbols != 0 {
        return Err(op_error(
            body,
            op,
            "requires permutation_map without symbols",
        ));
    }
    if map.num_dims as usize != rank(shaped) {
        return Err(op_error(
            body,
            op,
            "requires a permutation_map with input dims of the same rank as the source type",
        ));
    }
    if let Some(m) = mask {
        let inferred = transfer_mask_type(ctx, vector, map);
        if m != inferred {
            return Err(op_error(
                body,
                op,
                &format!(
                    "inferred mask type ('{}') and mask operand type ('{}') don't match",
                    type_to_string(inferred),
                    type_to_string(m)
                ),
            ));
        }
    }
    let in_bounds = body
        .attr(op, "in_bounds")
        .and_then(bool_array)
        .unwrap_or_default();
    if map.results.len() != in_bounds.len() {
        let map_attr = body
            .attr(op, "permutation_map")
            .map(attr_to_string)
            .unwrap_or_default();
        return Err(op_error(
            body,
            op,
            &format!(
                "expects the in_bounds attr of same rank as permutation_map results: {map_attr} vs inBounds of size: {}",
                in_bounds.len()
            ),
        ));
    }
    Ok(())
}

/// Each result is one dim (used once) or the constant 0.
fn verify_permutation_map<'c>(
    body: &Body<'c>,
    op: OpId,
    map: &AffineMap<'c>,
) -> Result<(), Diagnostic<'c>> {
    let mut seen = vec![false; map.num_dims as usize];
    for e in map.results {
        match *e {
            AffineExpr::Const(0) => {}
            AffineExpr::Dim(d) if (d as usize) < seen.len() => {
                if seen[d as usize] {
                    return Err(op_error(body, op, "requires a permutation_map that is a permutation (found one dim used more than once)"));
                }
                seen[d as usize] = true;
            }
            _ => {
                return Err(op_error(body, op, "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)"));
            }
        }
    }
    Ok(())
}

fn transfer_map<'c>(body: &Body<'c>, op: OpId) -> AffineMap<'c> {
    body.attr(op, "permutation_map")
        .and_then(affine_map_of)
        .unwrap_or(AffineMap {
            num_dims: 0,
            num_symbols: 0,
            results: &[],
        })
}

pub(super) fn verify_transfer_read<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let r = super::TransferReadOp(op);
    let shaped = ty(body, r.base(body));
    let vector = ty(body, body.result(op, 0));
    let mask = r.mask(body).map(|m| ty(body, m));
    let pad = ty(body, r.padding(body));
    let map = transfer_map(body, op);
    if r.indices(body).len() != rank(shaped) {
        return Err(indices_error(body, op, rank(shaped)));
    }
    verify_transfer(ctx, body, op, shaped, vector, mask, &map)?;
    let elem = shaped.element_type().unwrap_or(shaped);
    if vector_parts(elem).is_some() {
        if elem != pad {
            return Err(op_error(
                body,
                op,
                "requires source element type and padding type to match.",
            ));
        }
    } else {
        let valid = matches!(
            pad.kind(),
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
        );
        if !valid {
            return Err(op_error(
                body,
                op,
                "requires valid padding vector elemental type",
            ));
        }
        if pad != elem {
            return Err(op_error(
                body,
                op,
                "requires formal padding and source of the same elemental type",
            ));
        }
    }
    verify_permutation_map(body, op, &map)
}

pub(super) fn verify_transfer_write<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let w = super::TransferWriteOp(op);
    let shaped = ty(body, w.base(body));
    let vector = ty(body, w.value_to_store(body));
    let mask = w.mask(body).map(|m| ty(body, m));
    let map = transfer_map(body, op);
    if w.indices(body).len() != rank(shaped) {
        return Err(indices_error(body, op, rank(shaped)));
    }
    if map.results.contains(&AffineExpr::Const(0)) {
        return Err(op_error(body, op, "should not have broadcast dimensions"));
    }
    verify_transfer(ctx, body, op, shaped, vector, mask, &map)?;
    verify_permutation_map(body, op, &map)
}

// ---- broadcast, extract, insert, shape_cast ---------------------------------------------------

/// A vector dimension as MLIR prints it in messages (`4`, `[4]`).
fn dim_text(size: i64, scalable: bool) -> String {
    if scalable {
        format!("[{size}]")
    } else {
        size.to_string()
    }
}

pub(super) fn verify_broadcast<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let src = ty(body, body.operand(op, 0));
    let dst = ty(body, body.result(op, 0));
    let Some((dshape, dscal, _)) = vector_parts(dst) else {
        return Ok(());
    };
    if matches!(
        src.kind(),
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
    ) {
        return Ok(());
    }
    let Some((sshape, sscal, _)) = vector_parts(src) else {
        return Err(op_error(body, op, "source type is not a vector"));
    };
    if sshape.len() > dshape.len() {
        return Err(op_error(
            body,
            op,
            "source rank higher than destination rank",
        ));
    }
    let lead = dshape.len() - sshape.len();
    for r in 0..sshape.len() {
        let (s, sd) = (sshape[r], sscal[r]);
        let (d, dd) = (dshape[lead + r], dscal[lead + r]);
        // A (fixed) unit dim stretches; otherwise sizes and scalability must agree.
        if s == 1 && !sd && !(d == 1 && dd) {
            continue;
        }
        if s != d || sd != dd {
            return Err(op_error(
                body,
                op,
                &format!(
                    "dimension mismatch ({} vs. {})",
                    dim_text(s, sd),
                    dim_text(d, dd)
                ),
            ));
        }
    }
    Ok(())
}

/// The static position of an extract/insert, and the count of dynamic entries.
fn positions(body: &Body<'_>, op: OpId) -> Vec<i64> {
    body.attr(op, "static_position")
        .and_then(|a| a.dense_int_values())
        .map(|v| v.to_vec())
        .unwrap_or_default()
}

pub(super) fn verify_extract<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let src = ty(body, body.operand(op, 0));
    let res = ty(body, body.result(op, 0));
    if vector_parts(res).is_some_and(|(s, _, _)| s.is_empty()) {
        return Err(plain_error(
            body,
            op,
            "expected a scalar instead of a 0-d vector as the result type",
        ));
    }
    let pos = positions(body, op);
    let dynamic = pos.iter().filter(|&&p| p == DYNAMIC).count();
    if dynamic != body.num_operands(op) - 1 {
        return Err(op_error(
            body,
            op,
            "mismatch between dynamic and static positions",
        ));
    }
    let (shape, scalable, elem) = vector_parts(src).unwrap_or((&[], &[], src));
    if pos.len() > shape.len() {
        return Err(op_error(
            body,
            op,
            "expected position attribute of rank no greater than vector rank",
        ));
    }
    for (i, &p) in pos.iter().enumerate() {
        if p != DYNAMIC && p != POISON_INDEX && !(0..shape[i]).contains(&p) {
            return Err(op_error(body, op, &format!("expected position attribute #{} to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)", i + 1)));
        }
    }
    // The result type follows from the source type and the position count (MLIR's
    // InferTypeOpInterface check, which runs after the verifier above).
    let inferred = if pos.len() == shape.len() {
        elem
    } else {
        let s = ctx.alloc_slice(&shape[pos.len()..]);
        let sc = ctx.alloc_slice(&scalable[pos.len()..]);
        ctx.scalable_vector_type(s, sc, elem)
    };
    if inferred != res {
        return Err(pto_ir::verifier::inferred_types_error(
            body,
            op,
            &format!(
                "inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
                type_to_string(inferred),
                type_to_string(res)
            ),
        ));
    }
    Ok(())
}

pub(super) fn verify_insert<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let src = ty(body, body.operand(op, 0));
    let dest = ty(body, body.operand(op, 1));
    if vector_parts(src).is_some_and(|(s, _, _)| s.is_empty()) {
        return Err(plain_error(
            body,
            op,
            "expected a scalar instead of a 0-d vector as the source operand",
        ));
    }
    let pos = positions(body, op);
    let dshape = dest.shape().unwrap_or(&[]);
    if pos.len() > dshape.len() {
        return Err(op_error(
            body,
            op,
            "expected position attribute of rank no greater than dest vector rank",
        ));
    }
    match src.shape() {
        Some(s) if s.len() + pos.len() != dshape.len() => {
            return Err(op_error(
                body,
                op,
                "expected position attribute rank + source rank to match dest vector rank",
            ));
        }
        None if pos.len() != dshape.len() => {
            return Err(op_error(
                body,
                op,
                "expected position attribute rank to match the dest vector rank",
            ));
        }
        _ => {}
    }
    for (i, &p) in pos.iter().enumerate() {
        if p != DYNAMIC && p != POISON_INDEX && !(0..dshape[i]).contains(&p) {
            return Err(op_error(body, op, &format!("expected position attribute #{} to be a non-negative integer smaller than the corresponding dest vector dimension", i + 1)));
        }
    }
    Ok(())
}

pub(super) fn verify_shape_cast<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let (Some((ss, sscal, se)), Some((rs, rscal, re))) = (
        vector_parts(ty(body, body.operand(op, 0))),
        vector_parts(ty(body, body.result(op, 0))),
    ) else {
        return Ok(());
    };
    if se != re {
        return Err(op_error(
            body,
            op,
            "has different source and result element types",
        ));
    }
    let (n, m) = (ss.iter().product::<i64>(), rs.iter().product::<i64>());
    if n != m {
        return Err(op_error(
            body,
            op,
            &format!("has different number of elements at source ({n}) and result ({m})"),
        ));
    }
    let (a, b) = (
        sscal.iter().filter(|&&s| s).count(),
        rscal.iter().filter(|&&s| s).count(),
    );
    if a != b {
        return Err(op_error(
            body,
            op,
            &format!("has different number of scalable dims at source ({a}) and result ({b})"),
        ));
    }
    Ok(())
}

// ---- masks ---------------------------------------------------------------------------------

pub(super) fn verify_constant_mask<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let Some((shape, scalable, _)) = vector_parts(ty(body, body.result(op, 0))) else {
        return Ok(());
    };
    let sizes: Vec<i64> = body
        .attr(op, "mask_dim_sizes")
        .and_then(|a| a.dense_int_values())
        .map(|v| v.to_vec())
        .unwrap_or_default();
    if shape.is_empty() {
        if sizes.len() != 1 {
            return Err(plain_error(
                body,
                op,
                "array attr must have length 1 for 0-D vectors",
            ));
        }
        if sizes[0] != 0 && sizes[0] != 1 {
            return Err(plain_error(
                body,
                op,
                "mask dim size must be either 0 or 1 for 0-D vectors",
            ));
        }
        return Ok(());
    }
    if sizes.len() != shape.len() {
        return Err(op_error(
            body,
            op,
            "must specify array attr of size equal vector result rank",
        ));
    }
    for (i, &s) in sizes.iter().enumerate() {
        if s < 0 || s > shape[i] {
            return Err(op_error(
                body,
                op,
                "array attr of size out of bounds of vector result dimension size",
            ));
        }
        if scalable[i] && s != 0 && s != shape[i] {
            return Err(op_error(
                body,
                op,
                "only supports 'none set' or 'all set' scalable dimensions",
            ));
        }
    }
    if sizes.contains(&0) && sizes.iter().any(|&s| s != 0) {
        return Err(op_error(body, op, "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim"));
    }
    Ok(())
}

pub(super) fn verify_create_mask<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let r = rank(ty(body, body.result(op, 0)));
    let n = body.num_operands(op);
    if r == 0 {
        if n != 1 {
            return Err(op_error(
                body,
                op,
                "must specify exactly one operand for 0-D create_mask",
            ));
        }
    } else if n != r {
        return Err(op_error(
            body,
            op,
            "must specify an operand for each result vector dimension",
        ));
    }
    Ok(())
}

// ---- reduction -----------------------------------------------------------------------------

/// The combining kind's keyword (`add`, `maxnumf`) of a `#vector.kind<...>` attribute.
pub fn kind_keyword<'a>(a: pto_ir::Attribute<'a>) -> Option<&'a str> {
    match a.kind() {
        pto_ir::AttrKind::Opaque { body, .. } => {
            body.strip_prefix("kind<").and_then(|r| r.strip_suffix('>'))
        }
        _ => None,
    }
}

/// MLIR's `isSupportedCombiningKind`.
pub fn kind_supports(kind: &str, elem: Type<'_>) -> bool {
    let int = matches!(elem.kind(), TypeKind::Integer { .. } | TypeKind::Index);
    match kind {
        "add" | "mul" => int || elem.is_float(),
        "minui" | "minsi" | "maxui" | "maxsi" | "and" | "or" | "xor" => int,
        _ => elem.is_float(),
    }
}

pub(super) fn verify_reduction<'c>(
    _c: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let r = rank(ty(body, body.operand(op, 0)));
    if r > 1 {
        return Err(op_error(
            body,
            op,
            &format!("unsupported reduction rank: {r}"),
        ));
    }
    let dest = ty(body, body.result(op, 0));
    let kind = body.attr(op, "kind").and_then(kind_keyword).unwrap_or("");
    if !kind_supports(kind, dest) {
        return Err(op_error(
            body,
            op,
            &format!(
                "unsupported reduction type ''{}'' for kind '{kind}'",
                type_to_string(dest)
            ),
        ));
    }
    Ok(())
}
