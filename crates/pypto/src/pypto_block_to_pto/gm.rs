//! Tensors in global memory: `tensor.create` (a buffer allocated once per call, at the
//! function's entry, and freed before it returns), `tensor.assemble` (a copy through
//! UB tiles, row block by row block), `tensor.reshape` (the same buffer under another
//! shape), and calls of lowered functions (tensor
//! arguments as pointers, returned tensors in buffers the caller passes).

use pto_tile::{AddressSpace, PartitionTensorViewType, TileBufType};
use std::collections::HashMap;

use crate::types::{dtype_bits, Shaped};
use pto_ir::{Diagnostic, OpId, Type, ValueId};
use pto_tile::pto_to_loops::emit::Emitter;
use pto_tile::{AllocTileOp, TLoadOp, TStoreOp};

use super::{error_at, matrix, Gm, ResultSlot, State};
use pto_dialects::func;
use pto_dialects::memref;
use pto_ir::builtin;

/// Bytes of UB a copy's tile may take.
const COPY_TILE_BYTES: i64 = 64 * 1024;

/// A fresh `rows x cols` buffer of `dtype` in global memory (`rows`: the number of
/// rows when it is symbolic, an `index` defined at the function's entry): a
/// `memref.alloc` at the function's entry seen as a `!pto.ptr`
/// (`builtin.unrealized_conversion_cast`, which `convert-pto-to-loops` resolves).
pub(super) fn alloc<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut State<'c>,
    shape: [i64; 2],
    rows: Option<ValueId>,
    dtype: Type<'c>,
) -> Gm<'c> {
    let ctx = e.ctx();
    let size = match rows {
        Some(_) => pto_ir::DYNAMIC,
        None => shape[0] * shape[1],
    };
    let mem = ctx.memref_type(&[size], dtype, None, None);
    let ptr = pto_tile::PtrType::get(ctx, dtype).ty();
    let (m, p) = e.at(st.entry, |e| {
        let m = match rows {
            None => e.alloc(memref::AllocOp::NAME, mem, true),
            Some(r) => {
                let n = e.mul_c(r, shape[1]);
                let seg = pto_ir::ods::format::dense_i32_array(ctx, &[1, 0]);
                let align = ctx.int_attr(ctx.int_type(64), 64);
                e.val(
                    memref::AllocOp::NAME,
                    &[n],
                    mem,
                    &[("operandSegmentSizes", seg), ("alignment", align)],
                )
            }
        };
        let p = e.val(builtin::UnrealizedConversionCastOp::NAME, &[m], ptr, &[]);
        (m, p)
    });
    st.gm_allocs.push(m);
    Gm {
        ptr: p,
        shape,
        rows,
        dtype,
    }
}

/// The static shape of `g`, or an error at `op` saying what needs one.
fn static_shape<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    op: OpId,
    g: Gm<'c>,
    what: &str,
) -> Result<[i64; 2], Diagnostic<'c>> {
    g.static_shape().ok_or_else(|| {
        error_at(
            e.b.body(),
            op,
            format!("{what} of a tensor with a symbolic number of rows is not supported"),
        )
    })
}

/// Copies `src` into the window of `dst` at (`r`, `c`) (index values), through UB
/// tiles of whole rows.
fn copy<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut State<'c>,
    op: OpId,
    src: Gm<'c>,
    dst: Gm<'c>,
    [r, c]: [ValueId; 2],
) -> Result<(), Diagnostic<'c>> {
    let [rows, cols] = static_shape(e, op, src, "tensor.assemble")?;
    let elem = (dtype_bits(src.dtype).unwrap_or(32) as i64 + 7) / 8;
    let most = COPY_TILE_BYTES / (cols * elem).max(1);
    if most < 1 {
        return Err(error_at(
            e.b.body(),
            op,
            format!("a row of {cols} elements does not fit a copy tile"),
        ));
    }
    let tm = (1..=most.min(rows))
        .rev()
        .find(|d| rows % d == 0)
        .unwrap_or(1);
    let tile = TileBufType::of_shape(e.ctx(), AddressSpace::VEC, src.dtype, [tm, cols]).ty();
    let part = PartitionTensorViewType::get(e.ctx(), &[tm, cols], src.dtype).ty();
    let (sv, dv) = (super::tile::view(e, st, src), super::tile::view(e, st, dst));
    let t = AllocTileOp::build(e.b, e.loc, None, None, None, tile);
    let t = e.b.body().result(t.0, 0);
    let n = e.index(rows / tm);
    e.for_upto(n, |e, i| {
        let row = e.mul_c(i, tm);
        let (zero, h, w) = (e.index(0), e.index(tm), e.index(cols));
        let from = pto_tile::PartitionViewOp::build(e.b, e.loc, sv, &[row, zero], &[h, w], part);
        let from = e.b.body().result(from.0, 0);
        TLoadOp::build(
            e.b, e.loc, from, t, None, None, None, None, None, None, None,
        );
        let to_row = e.add(row, r);
        let to = pto_tile::PartitionViewOp::build(e.b, e.loc, dv, &[to_row, c], &[h, w], part);
        let to = e.b.body().result(to.0, 0);
        TStoreOp::build(e.b, e.loc, t, to, None, None, None, None, None);
    });
    Ok(())
}

/// Lowers `tensor.create`, `tensor.assemble` and `tensor.reshape`.
pub(super) fn lower_tensor<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut State<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let body = e.b.body();
    let name = body.op_name(op).as_str();
    let result = body.result(op, 0);
    match name {
        crate::TensorCreateOp::NAME => {
            let t = body.value_type(result);
            let (shape, rows, dtype) = super::gm_shape(t, &st.sizes)
                .map_err(|m| error_at(body, op, format!("tensor.create of {m}")))?;
            let g = alloc(e, st, shape, rows, dtype);
            st.tensors.insert(result, g);
        }
        crate::TensorAssembleOp::NAME => {
            let ops: Vec<ValueId> = body.operands(op).collect();
            let dst = super::tile::gm(e, st, ops[0])?;
            let src = super::tile::gm(e, st, ops[1])?;
            let offsets: [ValueId; 2] = match ops[2..] {
                [r, c] => [super::tile::index(e, r), super::tile::index(e, c)],
                [c] => [e.index(0), super::tile::index(e, c)],
                _ => {
                    return Err(error_at(
                        e.b.body(),
                        op,
                        "tensor.assemble needs one offset per dimension",
                    ))
                }
            };
            copy(e, st, op, src, dst, offsets)?;
        }
        crate::TensorReshapeOp::NAME => {
            // The same row-major buffer under another shape (`pypto-tensor-to-block`
            // keeps a reshape only where sharing the buffer is not observable).
            let input = body.operand(op, 0);
            let g = super::tile::gm(e, st, input)?;
            static_shape(e, op, g, "tensor.reshape")?;
            let t = e.ty(result);
            let Some((shape, dtype)) = matrix(t) else {
                return Err(error_at(
                    e.b.body(),
                    op,
                    format!("tensor.reshape to {t} needs a static shape of rank 1 or 2"),
                ));
            };
            st.tensors.insert(
                result,
                Gm {
                    ptr: g.ptr,
                    shape,
                    rows: None,
                    dtype,
                },
            );
        }
        _ => unreachable!("only tensor ops are given"),
    }
    Ok(())
}

/// Rewrites `func.call` `op` of a lowered function whose results go where `slots`
/// says: tensor arguments become pointers, a returned tensor the function appends a
/// parameter for gets a fresh buffer, scalar results stay results.
pub(super) fn lower_call<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut State<'c>,
    op: OpId,
    slots: &[ResultSlot],
) -> Result<(), Diagnostic<'c>> {
    let body = e.b.body();
    let args: Vec<ValueId> = body.operands(op).collect();
    let results: Vec<ValueId> = body.results(op).collect();
    let mut operands = Vec::with_capacity(args.len());
    for &a in &args {
        if Shaped::of(e.ty(a)).is_some() {
            operands.push(super::tile::gm(e, st, a)?.ptr);
        } else {
            operands.push(a);
        }
    }
    let mut tensors: HashMap<ValueId, Gm<'c>> = HashMap::new();
    let mut scalars = Vec::new();
    for (&r, slot) in results.iter().zip(slots) {
        match *slot {
            ResultSlot::Param(i) if i < args.len() => {
                let g = super::tile::gm(e, st, args[i])?;
                tensors.insert(r, g);
            }
            ResultSlot::Param(i) => {
                // The call's types are the callee's, whose symbols the caller passes
                // (pypto-materialize-dims): its `n` is the caller's.
                let (shape, rows, dtype) = super::gm_shape(e.ty(r), &st.sizes).map_err(|m| {
                    error_at(e.b.body(), op, format!("a returned tensor of type {m}"))
                })?;
                if i != operands.len() {
                    return Err(error_at(
                        e.b.body(),
                        op,
                        "the callee's result parameters are out of order",
                    ));
                }
                // The caller's own result buffer, or a fresh one.
                let g = match st.tensors.get(&r) {
                    Some(&g) => g,
                    None => alloc(e, st, shape, rows, dtype),
                };
                operands.push(g.ptr);
                tensors.insert(r, g);
            }
            ResultSlot::Scalar => scalars.push(r),
        }
    }
    let types: Vec<Type<'c>> = scalars.iter().map(|&r| e.ty(r)).collect();
    let callee = e.b.body().attr(op, "callee").expect("verified");
    let new = e.op(func::CallOp::NAME, &operands, &types, &[("callee", callee)]);
    for (k, &r) in scalars.iter().enumerate() {
        let nr = e.b.body().result(new, k);
        e.b.body().replace_all_uses(r, nr);
    }
    st.tensors.extend(tensors);
    Ok(())
}
