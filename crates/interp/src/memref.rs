//! Semantics of `memref`: byte buffers with bounds-checked access. An access is checked
//! twice: its indices against the memref's sizes, and its bytes against the allocation
//! (a view, a `reinterpret_cast` or strides may reach past it; that is undefined
//! behaviour, reported at the access).

use super::value::{row_major, Elem, MemRef, Value};
use super::{Frame, Step};
use pto_ir::{Context, InterfaceError};
use pto_ir::{Diagnostic, OpId, ValueId, DYNAMIC};

/// Attaches the semantics of this file's ops.
pub(super) fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    crate::attach!(ctx, alloc =>
        pto_dialects::memref::AllocOp,
        pto_dialects::memref::AllocaOp
    );
    crate::attach!(ctx, dealloc =>
        pto_dialects::memref::DeallocOp
    );
    crate::attach!(ctx, load =>
        pto_dialects::memref::LoadOp
    );
    crate::attach!(ctx, prefetch =>
        pto_dialects::memref::PrefetchOp
    );
    crate::attach!(ctx, store =>
        pto_dialects::memref::StoreOp
    );
    crate::attach!(ctx, dim =>
        pto_dialects::memref::DimOp
    );
    crate::attach!(ctx, copy =>
        pto_dialects::memref::CopyOp
    );
    crate::attach!(ctx, cast =>
        pto_dialects::memref::CastOp
    );
    crate::attach!(ctx, subview =>
        pto_dialects::memref::SubViewOp
    );
    crate::attach!(ctx, reinterpret_cast =>
        pto_dialects::memref::ReinterpretCastOp
    );
    crate::attach!(ctx, get_global =>
        pto_dialects::memref::GetGlobalOp
    );
    crate::attach!(ctx, extract_strided_metadata =>
        pto_dialects::memref::ExtractStridedMetadataOp
    );
    crate::attach!(ctx, collapse_shape =>
        pto_dialects::memref::CollapseShapeOp
    );
    crate::attach!(ctx, expand_shape =>
        pto_dialects::memref::ExpandShapeOp
    );
    crate::attach!(ctx, view =>
        pto_dialects::memref::ViewOp
    );
    Ok(())
}

fn memref_operand<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
    v: &Value,
) -> Result<MemRef, Diagnostic<'c>> {
    v.as_memref()
        .cloned()
        .ok_or_else(|| f.error(op, "expected a memref"))
}

/// The memref operand `v`, borrowed (loads and stores take no copy of its descriptor).
pub(super) fn memref_ref<'f, 'c>(
    f: &'f Frame<'_, '_, 'c>,
    op: OpId,
    v: Option<ValueId>,
) -> Result<&'f MemRef, Diagnostic<'c>> {
    let v = v.ok_or_else(|| f.error(op, "expected a memref operand"))?;
    f.get(v)?
        .as_memref()
        .ok_or_else(|| f.error(op, "expected a memref"))
}

/// The element position (see [`MemRef::position`]) of the index operands `indices`.
pub(super) fn position_of<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
    m: &MemRef,
    indices: impl Iterator<Item = ValueId>,
) -> Result<i64, Diagnostic<'c>> {
    let mut p = m.offset;
    let mut d = 0;
    for v in indices {
        if d < m.sizes.len() {
            let i = f.get(v)?.sext() as i64;
            p = p.wrapping_add(m.index_term(d, i).map_err(|e| f.error(op, e))?);
        }
        d += 1;
    }
    if d != m.sizes.len() {
        return Err(f.error(
            op,
            format!("{d} indices for a memref of rank {}", m.sizes.len()),
        ));
    }
    Ok(p)
}

fn alloc<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let ty = f.body().value_type(f.body().result(op, 0));
    let (Some(shape), Some(elem)) = (ty.shape(), ty.element_type().and_then(Elem::of)) else {
        return Err(f.error(op, format!("the interpreter does not support {ty}")));
    };
    let mut dynamic = ops.iter();
    let mut sizes = Vec::with_capacity(shape.len());
    for &d in shape {
        if d == DYNAMIC {
            let n = dynamic
                .next()
                .ok_or_else(|| f.error(op, "missing dynamic size"))?
                .sext();
            if n < 0 {
                return Err(f.error(op, format!("negative size {n}")));
            }
            sizes.push(n as i64);
        } else {
            sizes.push(d);
        }
    }
    let m = MemRef::try_alloc(elem, &sizes, false).map_err(|e| f.error(op, e))?;
    Ok(Step::Values(vec![Value::MemRef(m)]))
}

fn dealloc<'c>(_f: &mut Frame<'_, '_, 'c>, _op: OpId) -> Result<Step, Diagnostic<'c>> {
    // Buffers are reference counted; a dealloc only ends this name for it.
    Ok(Step::Values(Vec::new()))
}

fn prefetch<'c>(_f: &mut Frame<'_, '_, 'c>, _op: OpId) -> Result<Step, Diagnostic<'c>> {
    // A hint to the caches: no effect on values, and none out of bounds either.
    Ok(Step::Values(Vec::new()))
}

fn load<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let mut operands = f.body().operands(op);
    let m = memref_ref(f, op, operands.next())?;
    let p = position_of(f, op, m, operands)?;
    let v = m.load(p).map_err(|e| f.error(op, e))?;
    note_poison(f, &v);
    Ok(Step::Values(vec![v]))
}

fn store<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let mut operands = f.body().operands(op);
    let value = operands
        .next()
        .ok_or_else(|| f.error(op, "expected a value to store"))?;
    let m = memref_ref(f, op, operands.next())?;
    let p = position_of(f, op, m, operands)?;
    m.store(p, f.get(value)?).map_err(|e| f.error(op, e))?;
    Ok(Step::Values(Vec::new()))
}

fn dim<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let m = memref_operand(f, op, &ops[0])?;
    let d = ops[1].sext();
    let size = usize::try_from(d)
        .ok()
        .and_then(|d| m.sizes.get(d))
        .ok_or_else(|| f.error(op, format!("dimension {d} out of range")))?;
    Ok(Step::Values(vec![Value::index(*size)]))
}

fn copy<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let (src, dst) = (
        memref_operand(f, op, &ops[0])?,
        memref_operand(f, op, &ops[1])?,
    );
    if src.sizes != dst.sizes {
        return Err(f.error(op, "copy between memrefs of different shapes"));
    }
    let values = src.elements().map_err(|e| f.error(op, e))?;
    let mut values = values.iter();
    dst.for_each_position(|p| dst.store(p, values.next().ok_or("copy: too few elements")?))
        .map_err(|e| f.error(op, e))?;
    Ok(Step::Values(Vec::new()))
}

fn cast<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    Ok(Step::Values(f.operands(op)?))
}

/// Mixed static/dynamic values: `statics` with each [`DYNAMIC`] taken from `dynamic`.
fn mixed(statics: &[i64], dynamic: &mut impl Iterator<Item = i64>) -> Option<Vec<i64>> {
    statics
        .iter()
        .map(|&s| {
            if s == DYNAMIC {
                dynamic.next()
            } else {
                Some(s)
            }
        })
        .collect()
}

fn subview<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let m = memref_operand(f, op, &ops[0])?;
    let body = f.body();
    let get = |name: &str| body.attr(op, name).and_then(|a| a.dense_int_values());
    let (Some(so), Some(ss), Some(st)) = (
        get("static_offsets"),
        get("static_sizes"),
        get("static_strides"),
    ) else {
        return Err(f.error(op, "subview without static offsets, sizes and strides"));
    };
    let mut dynamic = ops[1..].iter().map(|v| v.sext() as i64);
    let (Some(offsets), Some(sizes), Some(strides)) = (
        mixed(&so, &mut dynamic),
        mixed(&ss, &mut dynamic),
        mixed(&st, &mut dynamic),
    ) else {
        return Err(f.error(op, "missing dynamic subview operand"));
    };
    for (d, ((&o, &s), &size)) in offsets.iter().zip(&sizes).zip(&m.sizes).enumerate() {
        if o < 0 || s < 0 || o + s > size {
            return Err(f.error(op, format!("subview out of bounds in dimension {d}")));
        }
    }
    let offset = m.offset
        + offsets
            .iter()
            .zip(&m.strides)
            .map(|(o, s)| o * s)
            .sum::<i64>();
    let strides: Vec<i64> = strides.iter().zip(&m.strides).map(|(a, b)| a * b).collect();
    // Rank-reducing subviews drop the unit dimensions the result type does not have.
    let rank = body
        .value_type(body.result(op, 0))
        .shape()
        .map_or(sizes.len(), |s| s.len());
    let (mut sizes, mut strides) = (sizes, strides);
    while sizes.len() > rank {
        let Some(i) = sizes.iter().position(|&s| s == 1) else {
            break;
        };
        sizes.remove(i);
        strides.remove(i);
    }
    Ok(Step::Values(vec![Value::MemRef(MemRef {
        offset,
        sizes,
        strides,
        ..m
    })]))
}

/// `memref.reinterpret_cast`: the source's buffer with the op's offset, sizes and
/// strides (accesses are checked against the buffer when they happen).
fn reinterpret_cast<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let m = memref_operand(f, op, &ops[0])?;
    let body = f.body();
    let get = |name: &str| body.attr(op, name).and_then(|a| a.dense_int_values());
    let (Some(so), Some(ss), Some(st)) = (
        get("static_offsets"),
        get("static_sizes"),
        get("static_strides"),
    ) else {
        return Err(f.error(
            op,
            "reinterpret_cast without static offset, sizes and strides",
        ));
    };
    let mut dynamic = ops[1..].iter().map(|v| v.sext() as i64);
    let (Some(offset), Some(sizes), Some(strides)) = (
        mixed(&so, &mut dynamic),
        mixed(&ss, &mut dynamic),
        mixed(&st, &mut dynamic),
    ) else {
        return Err(f.error(op, "missing dynamic reinterpret_cast operand"));
    };
    if sizes.iter().any(|&s| s < 0) || offset.first().is_none_or(|&o| o < 0) {
        return Err(f.error(op, "negative offset or size"));
    }
    Ok(Step::Values(vec![Value::MemRef(MemRef {
        offset: offset[0],
        sizes,
        strides,
        ..m
    })]))
}

/// `memref.get_global`: the global's storage (the same buffer every time).
fn get_global<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let name = f
        .body()
        .attr(op, "name")
        .and_then(|a| match *a.kind() {
            pto_ir::AttrKind::SymbolRef { root, .. } => Some(root.as_str()),
            _ => None,
        })
        .ok_or_else(|| f.error(op, "get_global without a symbol"))?;
    let m = f.interpreter().global(name).map_err(|e| f.error(op, e))?;
    Ok(Step::Values(vec![Value::MemRef(m)]))
}

/// Writes the elements of the dense elements attribute `init` into the row-major `m`.
pub(super) fn fill_from_elements(m: &MemRef, init: pto_ir::Attribute<'_>) -> Result<(), String> {
    let pto_ir::AttrKind::DenseElements { splat, data, .. } = *init.kind() else {
        return Err(format!(
            "the interpreter does not support the initial value {init}"
        ));
    };
    let esize = m.elem.size();
    let n: i64 = m.sizes.iter().product();
    for i in 0..n.max(0) as usize {
        let k = if splat { 0 } else { i };
        let bits = if m.elem == Elem::Int(1) {
            // i1 elements are bit-packed (a splat is one byte).
            let byte = *data
                .get(k / 8)
                .ok_or("initial value shorter than the global")?;
            u64::from((byte >> (k % 8)) & 1)
        } else {
            let chunk = data
                .get(k * esize..(k + 1) * esize)
                .ok_or("initial value shorter than the global")?;
            let mut bytes = [0u8; 8];
            bytes[..esize].copy_from_slice(chunk);
            u64::from_le_bytes(bytes)
        };
        m.store(i as i64, &m.elem.from_bits(bits))?;
    }
    Ok(())
}

/// `memref.extract_strided_metadata`: the whole buffer as a rank-0 memref at offset 0,
/// then the view's offset, sizes and strides.
fn extract_strided_metadata<'c>(
    f: &mut Frame<'_, '_, 'c>,
    op: OpId,
) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let m = memref_operand(f, op, &ops[0])?;
    let base = MemRef {
        buffer: m.buffer.clone(),
        elem: m.elem,
        base: m.base,
        offset: 0,
        sizes: Vec::new(),
        strides: Vec::new(),
    };
    let mut out = vec![Value::MemRef(base), Value::index(m.offset)];
    out.extend(m.sizes.iter().map(|&s| Value::index(s)));
    out.extend(m.strides.iter().map(|&s| Value::index(s)));
    Ok(Step::Values(out))
}

/// `memref.collapse_shape`: each group of dimensions becomes one, of their product size
/// and the stride of the group's innermost dimension (the verifier has checked that
/// the groups are contiguous in the type; the values must be too).
fn collapse_shape<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let m = memref_operand(f, op, &ops[0])?;
    let groups = pto_dialects::memref::reassociation_groups(f.body(), op);
    let (mut sizes, mut strides) = (Vec::new(), Vec::new());
    for g in &groups {
        let dims: Vec<usize> = g.iter().map(|&d| d as usize).collect();
        if dims.iter().any(|&d| d >= m.sizes.len()) {
            return Err(f.error(op, "reassociation out of the source's rank"));
        }
        for w in dims.windows(2) {
            if m.sizes[w[1]] != 1 && m.strides[w[0]] != m.strides[w[1]] * m.sizes[w[1]] {
                return Err(f.error(op, "collapsing dimensions that are not contiguous"));
            }
        }
        sizes.push(dims.iter().map(|&d| m.sizes[d]).product());
        strides.push(dims.last().map_or(1, |&d| m.strides[d]));
    }
    Ok(Step::Values(vec![Value::MemRef(MemRef {
        sizes,
        strides,
        ..m
    })]))
}

/// `memref.expand_shape`: each dimension splits into its group's sizes (from
/// `output_shape`), strides growing outwards from the source dimension's.
fn expand_shape<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let m = memref_operand(f, op, &ops[0])?;
    let body = f.body();
    let groups = pto_dialects::memref::reassociation_groups(body, op);
    let Some(statics) = body
        .attr(op, "static_output_shape")
        .and_then(|a| a.dense_int_values())
    else {
        return Err(f.error(op, "expand_shape without a static output shape"));
    };
    let mut dynamic = ops[1..].iter().map(|v| v.sext() as i64);
    let Some(shape) = mixed(&statics, &mut dynamic) else {
        return Err(f.error(op, "missing dynamic output size"));
    };
    if groups.len() != m.sizes.len() {
        return Err(f.error(op, "one group per source dimension expected"));
    }
    let mut strides = vec![0i64; shape.len()];
    for (src, g) in groups.iter().enumerate() {
        let product: i64 = g.iter().map(|&d| shape[d as usize]).product();
        if product != m.sizes[src] {
            return Err(f.error(
                op,
                format!("output sizes do not multiply to {}", m.sizes[src]),
            ));
        }
        let mut stride = m.strides[src];
        for &d in g.iter().rev() {
            strides[d as usize] = stride;
            stride *= shape[d as usize];
        }
    }
    Ok(Step::Values(vec![Value::MemRef(MemRef {
        sizes: shape,
        strides,
        ..m
    })]))
}

/// `memref.view`: the bytes of a 1-D `i8` memref from `byte_shift` on, as a row-major
/// memref of the result type (offset 0; dynamic sizes from the operands). As in MLIR's
/// lowering, the view's aligned pointer is the source's shifted by `byte_shift` bytes.
/// The op is pure (MLIR may hoist or speculate it), so a view reaching past its buffer
/// is not an error by itself: accessing bytes outside the allocation is, at the access.
fn view<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let src = memref_operand(f, op, &ops[0])?;
    if src.elem != Elem::Int(8) || src.sizes.len() != 1 || src.strides[0] != 1 {
        return Err(f.error(
            op,
            "view of a memref that is not a contiguous 1-D i8 memref",
        ));
    }
    let ty = f.body().value_type(f.body().result(op, 0));
    let (Some(shape), Some(elem)) = (ty.shape(), ty.element_type().and_then(Elem::of)) else {
        return Err(f.error(op, format!("the interpreter does not support {ty}")));
    };
    let shift = ops
        .get(1)
        .ok_or_else(|| f.error(op, "missing byte shift"))?
        .sext() as i64;
    let mut dynamic = ops[2..].iter().map(|v| v.sext() as i64);
    let sizes =
        mixed(shape, &mut dynamic).ok_or_else(|| f.error(op, "missing dynamic view size"))?;
    let strides = row_major(&sizes);
    Ok(Step::Values(vec![Value::MemRef(MemRef {
        buffer: src.buffer,
        elem,
        // The source's own offset is 0 (identity layout), as MLIR's lowering assumes.
        base: src.base.wrapping_add(src.offset).wrapping_add(shift),
        offset: 0,
        sizes,
        strides,
    })]))
}

/// Memory never written loads as poison: from then on ops check their operands for it
/// (as after a `ub.poison`).
pub(super) fn note_poison(f: &Frame<'_, '_, '_>, v: &Value) {
    if matches!(v, Value::Poison) {
        f.interpreter().poisoned.set(true);
    }
}
