//! `convert-harp-to-loops`: a `harp.func` becomes a `func.func` of loops over memory.
//!
//! - Argument buffers are the caller's arrays, read in place (a flat
//!   `memref.reinterpret_cast` of each); the result buffer is a fresh allocation of
//!   its shape, returned. Every other buffer is a `memref.view` of one arena of
//!   `required_memory` bytes, allocated on entry and freed before the return.
//! - A kernel is a loop nest over its launch grid whose outermost loop is an
//!   `scf.parallel`: its points are independent (each computes and stores its own
//!   elements).
//! - A view is index arithmetic: `offset + sum(i_d * strides[d])` elements into its
//!   buffer; a masked load reads a safe element and selects 0 outside `valid`.
//! - `harp.reduce` is an `scf.for` nest carrying the accumulator; `harp.rand` is
//!   Philox 4x32-10 ([`philox`]) on the point's element index, keyed by its seed.

use pto_dialects::{arith, func, math, memref, scf};
use pto_ir::builder::OpBuilder;
use pto_ir::{
    Body, Context, Diagnostic, FloatKind, InsertPoint, Location, NamedAttribute, OpId, Type,
    TypeKind, ValueId,
};
use pto_pass::{Pass, PassTarget};
use pto_tile::pto_to_loops::emit::{CmpF, CmpI, Emitter, Num};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

mod accumulate;
pub mod philox;

use crate::verify::{buffers, int_list, kernels, BufferInfo};
use crate::view::View;
use crate::{
    alu_kind, AluKind, AluOp, ConstOp, ConvertHarpToLoops, FuncOp, LoadOp, RandKind, RandKindAttr,
    RandOp, ReduceKind, ReduceKindAttr, ReduceOp, StoreOp, ViewAttr, YieldOp,
};

type LResult<'c, T> = Result<T, Diagnostic<'c>>;

impl Pass for ConvertHarpToLoops {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let funcs =
            crate::edit::top_level_ops(target.body, |b, op| FuncOp::from_op(b, op).is_some());
        for f in funcs {
            let st = lower_func(ctx, target.body, f)?;
            let mut b = OpBuilder::new(ctx, target.body);
            b.set_insertion_point(InsertPoint::Before(f));
            b.create(st);
            let loc = target.body.op_loc(f);
            if target.body.erase_op(f).is_err() {
                return fail(loc, "convert-harp-to-loops: the harp.func is still in use");
            }
        }
        Ok(())
    }
}

fn fail<'c, T>(loc: Location<'c>, msg: impl Into<String>) -> LResult<'c, T> {
    Err(Diagnostic::error(loc, msg.into()))
}

/// The shape a caller passes for an argument or result buffer.
fn caller_shape<'c>(loc: Location<'c>, b: &BufferInfo<'c>, shape: &[i64]) -> LResult<'c, Vec<i64>> {
    if shape.is_empty() {
        return Ok(vec![b.elements()]);
    }
    let n: i64 = shape.iter().product();
    if n != b.elements() {
        return fail(
            loc,
            format!(
                "buffer {} has shape {shape:?} ({n} elements) but holds {}: an argument's or \
                 result's shape must fill its buffer",
                b.id,
                b.elements()
            ),
        );
    }
    Ok(shape.to_vec())
}

fn check_dtype<'c>(loc: Location<'c>, t: Type<'c>) -> LResult<'c, ()> {
    match t.kind() {
        TypeKind::Integer { signedness, .. } if *signedness != pto_ir::Signedness::Signless => {
            fail(
                loc,
                format!("convert-harp-to-loops: unsigned data ({t}) is not supported yet"),
            )
        }
        _ => Ok(()),
    }
}

/// The `func.func` state replacing the `harp.func` `f`.
fn lower_func<'c>(
    ctx: &'c Context,
    module: &Body<'c>,
    f: OpId,
) -> LResult<'c, pto_ir::OperationState<'c>> {
    let loc = module.op_loc(f);
    let name = module
        .attr(f, "sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or("harp")
        .to_string();
    let bufs = buffers(module, f);
    let shapes: FxHashMap<i64, Vec<i64>> = module
        .attr(f, "buffers")
        .and_then(|a| a.as_array())
        .unwrap_or(&[])
        .iter()
        .filter_map(|&a| crate::BufferAttr::from_attr(a))
        .map(|b| (b.id(), b.shape().to_vec()))
        .collect();
    let by_id: FxHashMap<i64, BufferInfo<'c>> = bufs.iter().map(|b| (b.id, *b)).collect();
    for b in &bufs {
        check_dtype(loc, b.dtype)?;
    }
    let args = int_list(module, f, "args");
    let ret = module.attr(f, "ret").and_then(|a| a.as_int()).unwrap_or(0) as i64;
    let arena_bytes = module
        .attr(f, "required_memory")
        .and_then(|a| a.as_int())
        .unwrap_or(0) as i64;
    let mut arg_types = Vec::new();
    for a in &args {
        let b = by_id[a];
        let shape = caller_shape(loc, &b, &shapes[a])?;
        arg_types.push(ctx.memref_type(&shape, b.dtype, None, None));
    }
    let rb = by_id[&ret];
    let ret_shape = caller_shape(loc, &rb, &shapes[&ret])?;
    let ret_type = ctx.memref_type(&ret_shape, rb.dtype, None, None);

    let mut fbody = Box::new(Body::new());
    let region = fbody.create_region();
    let block = fbody.create_block();
    let arg_values: Vec<ValueId> = arg_types
        .iter()
        .map(|&t| fbody.add_block_argument(block, t, loc))
        .collect();
    fbody.append_block(region, block);
    {
        let mut b = OpBuilder::new(ctx, &mut fbody);
        b.set_insertion_point(InsertPoint::BlockEnd(block));
        let mut e = Emitter { b: &mut b, loc };
        let result = e.alloc(memref::AllocOp::NAME, ret_type, true);
        // Flat views of every buffer.
        let mut flat: FxHashMap<i64, ValueId> = FxHashMap::default();
        for (a, &v) in args.iter().zip(&arg_values) {
            flat.insert(*a, flatten(&mut e, v, by_id[a]));
        }
        flat.insert(ret, flatten(&mut e, result, rb));
        let used: Vec<&BufferInfo<'c>> = bufs
            .iter()
            .filter(|b| !flat.contains_key(&b.id) && b.size > 0)
            .collect();
        if !used.is_empty() && arena_bytes == 0 {
            return fail(
                loc,
                format!("convert-harp-to-loops: function '{name}' has no arena yet (required_memory is 0); run harp-plan-arena first"),
            );
        }
        let arena = if used.is_empty() {
            None
        } else {
            let i8t = ctx.int_type(8);
            let ty = ctx.memref_type(&[arena_bytes], i8t, None, None);
            Some(e.alloc(memref::AllocOp::NAME, ty, true))
        };
        if let Some(arena) = arena {
            for b in used {
                let off = e.index(b.offset);
                let ty = ctx.memref_type(&[b.elements()], b.dtype, None, None);
                let v = e.val(memref::ViewOp::NAME, &[arena, off], ty, &[]);
                flat.insert(b.id, v);
            }
        }
        let inner = module.region_body(f);
        for k in kernels(module, f) {
            lower_kernel(&mut e, inner, k, &flat)?;
        }
        if let Some(arena) = arena {
            e.op(memref::DeallocOp::NAME, &[arena], &[], &[]);
        }
        e.op(func::ReturnOp::NAME, &[result], &[], &[]);
    }
    let op_name = pto_ir::OpName::of(ctx, func::FuncOp::NAME);
    let mut st = pto_ir::OperationState::new(ctx, op_name, loc);
    let named = |k: &str, v| NamedAttribute {
        name: ctx.ident(k),
        value: v,
    };
    st.props = Some(ctx.dictionary(&[
        named("sym_name", ctx.string_attr(&name)),
        named(
            "function_type",
            ctx.type_attr(ctx.function_type(&arg_types, &[ret_type])),
        ),
    ]));
    st.regions.push(region);
    st.nested = Some(fbody);
    Ok(st)
}

/// `v` (a memref of the buffer's elements) as a 1-D memref.
fn flatten<'c>(e: &mut Emitter<'_, '_, 'c>, v: ValueId, b: BufferInfo<'c>) -> ValueId {
    let ctx = e.ctx();
    let n = b.elements();
    let ty = ctx.memref_type(&[n], b.dtype, None, None);
    if e.ty(v) == ty {
        return v;
    }
    let seg = pto_ir::ods::format::dense_i32_array(ctx, &[1, 0, 0, 0]);
    e.val(
        memref::ReinterpretCastOp::NAME,
        &[v],
        ty,
        &[
            ("operandSegmentSizes", seg),
            ("static_offsets", ctx.dense_int_array(64, &[0])),
            ("static_sizes", ctx.dense_int_array(64, &[n])),
            ("static_strides", ctx.dense_int_array(64, &[1])),
        ],
    )
}

/// Emits `parallel (i0) { for i1 { ... { body(indices) } } }` over `dims`.
fn grid<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    dims: &[i64],
    body: &mut dyn FnMut(&mut Emitter<'_, '_, 'c>, &[ValueId]) -> LResult<'c, ()>,
) -> LResult<'c, ()> {
    let ctx = e.ctx();
    let (lb, ub, step) = (e.index(0), e.index(dims[0]), e.index(1));
    let (region, block) = e.b.create_region_with_block();
    let index = e.index_type();
    let loc = e.loc;
    let i0 = e.b.body().add_block_argument(block, index, loc);
    let mut st = e.b.state(scf::ParallelOp::NAME, loc);
    st.operands.extend_from_slice(&[lb, ub, step]);
    st.props = Some(ctx.dictionary_of(&[(
        "operandSegmentSizes",
        pto_ir::ods::format::dense_i32_array(ctx, &[1, 1, 1, 0]),
    )]));
    st.regions.push(region);
    let par = e.b.create(st);
    e.b.set_insertion_point(InsertPoint::BlockEnd(block));
    let mut result = Ok(());
    let mut idx = vec![i0];
    nest(e, &dims[1..], &mut idx, body, &mut result);
    let mut rst = e.b.state(scf::ReduceOp::NAME, loc);
    rst.props = None;
    e.b.create(rst);
    e.b.set_insertion_point(InsertPoint::After(par));
    result
}

fn nest<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    dims: &[i64],
    idx: &mut Vec<ValueId>,
    body: &mut dyn FnMut(&mut Emitter<'_, '_, 'c>, &[ValueId]) -> LResult<'c, ()>,
    result: &mut LResult<'c, ()>,
) {
    match dims.split_first() {
        None => *result = body(e, idx),
        Some((&d, rest)) => {
            let ub = e.index(d);
            e.for_upto(ub, |e, iv| {
                idx.push(iv);
                nest(e, rest, idx, body, result);
                idx.pop();
            });
        }
    }
}

/// Lowers kernel `k` of the function body `fb`.
fn lower_kernel<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    fb: &Body<'c>,
    k: OpId,
    flat: &FxHashMap<i64, ValueId>,
) -> LResult<'c, ()> {
    let dims = int_list(fb, k, "launch_dims");
    let src = fb.region_body(k);
    let Some(&region) = fb.regions_of(k).first() else {
        return Ok(());
    };
    let Some(block) = src.entry_block(region) else {
        return Ok(());
    };
    let ops: Vec<OpId> = src.block_ops(block).collect();
    if let Some(plan) = accumulate::plan(src, &ops, &dims) {
        return accumulate::emit(e, src, &plan, &dims, flat);
    }
    grid(e, &dims, &mut |e, idx| {
        let mut env: FxHashMap<ValueId, ValueId> = FxHashMap::default();
        let mut idx = idx.to_vec();
        lower_ops(e, src, &ops, &mut idx, &mut env, flat)
    })
}

fn lower_ops<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    src: &Body<'c>,
    ops: &[OpId],
    idx: &mut Vec<ValueId>,
    env: &mut FxHashMap<ValueId, ValueId>,
    flat: &FxHashMap<i64, ValueId>,
) -> LResult<'c, ()> {
    for &op in ops {
        e.loc = src.op_loc(op);
        if YieldOp::from_op(src, op).is_some() {
            continue;
        }
        let value = |env: &FxHashMap<ValueId, ValueId>, v: ValueId| env[&v];
        let out = if let Some(c) = ConstOp::from_op(src, op) {
            let ty = src.value_type(c.result(src));
            let attr = src.attr(op, "value").expect("verified");
            e.val(arith::ConstantOp::NAME, &[], ty, &[("value", attr)])
        } else if let Some(a) = AluOp::from_op(src, op) {
            let ins: SmallVec<[ValueId; 3]> = src.operands(op).map(|v| value(env, v)).collect();
            let ty = src.value_type(a.result(src));
            lower_alu(e, alu_kind(src, a).expect("verified"), &ins, ty)
        } else if let Some(l) = LoadOp::from_op(src, op) {
            let ty = src.value_type(l.result(src));
            let view = view_of(src, op);
            load(e, flat[&buffer_of(src, op)], View::of(view), idx, ty)
        } else if StoreOp::from_op(src, op).is_some() {
            let v = value(env, src.operand(op, 0));
            let view = View::of(view_of(src, op));
            let i = element_index(e, view, idx);
            e.store(v, flat[&buffer_of(src, op)], &[i]);
            continue;
        } else if let Some(r) = RandOp::from_op(src, op) {
            let ty = src.value_type(r.result(src));
            let kind = src
                .attr(op, "kind")
                .and_then(RandKindAttr::from_attr)
                .map_or(RandKind::Uniform, |k| k.value());
            let seed = src.attr(op, "seed").and_then(|a| a.as_int()).unwrap_or(0) as i64;
            let i = element_index(e, View::of(view_of(src, op)), idx);
            philox::emit(e, kind, seed, i, ty)
        } else if let Some(r) = ReduceOp::from_op(src, op) {
            lower_reduce(e, src, r, idx, env, flat)?
        } else {
            return fail(
                src.op_loc(op),
                format!(
                    "convert-harp-to-loops: unexpected op '{}' in a kernel",
                    src.op_name(op).as_str()
                ),
            );
        };
        env.insert(src.result(op, 0), out);
    }
    Ok(())
}

fn buffer_of(src: &Body<'_>, op: OpId) -> i64 {
    src.attr(op, "buffer").and_then(|a| a.as_int()).unwrap_or(0) as i64
}

fn view_of<'c>(src: &Body<'c>, op: OpId) -> ViewAttr<'c> {
    src.attr(op, "view")
        .and_then(ViewAttr::from_attr)
        .expect("verified: accesses have views")
}

/// `offset + sum(i_d * strides[d])`.
fn element_index<'c>(e: &mut Emitter<'_, '_, 'c>, v: View<'_>, idx: &[ValueId]) -> ValueId {
    let mut acc = e.index(v.offset);
    for (d, &s) in v.strides.iter().enumerate() {
        if s == 0 {
            continue;
        }
        let term = e.mul_c(idx[d], s);
        acc = e.add(acc, term);
    }
    acc
}

/// A load through `v`: 0 outside its valid ranges.
fn load<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    buf: ValueId,
    v: View<'_>,
    idx: &[ValueId],
    ty: Type<'c>,
) -> ValueId {
    let ctx = e.ctx();
    if v.extent() == Some(None) {
        return zero(e, ty);
    }
    let mut cond: Option<ValueId> = None;
    let index_n = Num::Int(64, false);
    for (d, &i_d) in idx.iter().enumerate().take(v.shape.len()) {
        let (lo, hi) = v.read_range(d);
        let mut conj = |e: &mut Emitter<'_, '_, 'c>, c: ValueId| {
            cond = Some(match cond {
                Some(p) => e.same(arith::AndIOp::NAME, &[p, c]),
                None => c,
            });
        };
        if lo > 0 {
            let l = e.index(lo);
            let c = e.cmp(index_n, CmpF::Oge, CmpI::Sge, i_d, l);
            conj(e, c);
        }
        if hi < v.shape[d] {
            let h = e.index(hi);
            let c = e.cmp(index_n, CmpF::Olt, CmpI::Slt, i_d, h);
            conj(e, c);
        }
    }
    let i = element_index(e, v, idx);
    match cond {
        None => e.load(buf, &[i]),
        Some(c) => {
            // A point outside reads the view's lowest valid element instead (in bounds).
            let (lo, _) = v.extent().flatten().expect("reads something");
            let safe = e.index(lo);
            let at = e.select(c, i, safe);
            let x = e.load(buf, &[at]);
            let z = zero(e, ty);
            let _ = ctx;
            e.select(c, x, z)
        }
    }
}

fn zero<'c>(e: &mut Emitter<'_, '_, 'c>, ty: Type<'c>) -> ValueId {
    e.num_const(ty, 0.0)
}

fn lower_alu<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    kind: AluKind,
    ins: &[ValueId],
    ty: Type<'c>,
) -> ValueId {
    let x = ins[0];
    let xt = e.ty(x);
    let n = Num::of(xt).expect("verified: scalar types");
    let float = n.is_float();
    let pick = |f: &'static str, i: &'static str| if float { f } else { i };
    match kind {
        AluKind::Add => e.same(pick(arith::AddFOp::NAME, arith::AddIOp::NAME), ins),
        AluKind::Mul => e.same(pick(arith::MulFOp::NAME, arith::MulIOp::NAME), ins),
        AluKind::Rem => e.same(pick(arith::RemFOp::NAME, arith::RemSIOp::NAME), ins),
        AluKind::Max => {
            if xt.is_signless_int(1) {
                e.same(arith::OrIOp::NAME, ins)
            } else {
                e.same(pick(arith::MaximumFOp::NAME, arith::MaxSIOp::NAME), ins)
            }
        }
        AluKind::Exp2 => exp2(e, x),
        AluKind::Log2 => e.same(math::Log2Op::NAME, ins),
        AluKind::Sin => e.same(math::SinOp::NAME, ins),
        AluKind::Sqrt => e.same(math::SqrtOp::NAME, ins),
        AluKind::Recip => {
            let one = e.num_const(xt, 1.0);
            e.same(arith::DivFOp::NAME, &[one, x])
        }
        AluKind::Neg => {
            if float {
                e.same(arith::NegFOp::NAME, ins)
            } else {
                let z = zero(e, xt);
                e.same(arith::SubIOp::NAME, &[z, x])
            }
        }
        AluKind::LessThan => e.cmp(n, CmpF::Olt, CmpI::Slt, ins[0], ins[1]),
        AluKind::Where => e.select(ins[0], ins[1], ins[2]),
        AluKind::Cast => cast(e, x, ty),
    }
}

/// `2^x` as `exp(f * ln 2) * 2^n` with `n = roundeven(x)` and `f = x - n` (exact): the
/// exponential of `|f * ln 2| <= 0.35`, which `math-polynomial-approximation` turns into
/// a vectorizable polynomial, scaled by `2^n` built from its bits in two halves (so
/// that every partial power is a normal number). `x` is clamped first to where the
/// result saturates (0 or infinity); NaN stays NaN. Half-precision types compute in
/// `f32`.
fn exp2<'c>(e: &mut Emitter<'_, '_, 'c>, x: ValueId) -> ValueId {
    let ctx = e.ctx();
    let t = e.ty(x);
    let kind = t.float_kind().expect("verified: Exp2 takes floats");
    let (wide, wide_kind) = match kind {
        FloatKind::F64 => (x, FloatKind::F64),
        FloatKind::F32 => (x, FloatKind::F32),
        _ => {
            let f32t = ctx.float_type(FloatKind::F32);
            (e.val(arith::ExtFOp::NAME, &[x], f32t, &[]), FloatKind::F32)
        }
    };
    let ft = ctx.float_type(wide_kind);
    let (lo, hi, bias, mant, it) = match wide_kind {
        FloatKind::F64 => (-1100.0, 1024.5, 1023, 52, ctx.int_type(64)),
        _ => (-150.0, 128.5, 127, 23, ctx.int_type(32)),
    };
    let lo = e.float_of(ft, lo);
    let hi = e.float_of(ft, hi);
    let c = e.same(arith::MaximumFOp::NAME, &[wide, lo]);
    let c = e.same(arith::MinimumFOp::NAME, &[c, hi]);
    let n = e.same(math::RoundEvenOp::NAME, &[c]);
    let f = e.same(arith::SubFOp::NAME, &[c, n]);
    let ln2 = e.float_of(ft, std::f64::consts::LN_2);
    let arg = e.same(arith::MulFOp::NAME, &[f, ln2]);
    let p = e.same(math::ExpOp::NAME, &[arg]);
    let ni = e.val(arith::FPToSIOp::NAME, &[n], it, &[]);
    let one = e.int_of(it, 1);
    let n1 = e.same(arith::ShRSIOp::NAME, &[ni, one]);
    let n2 = e.same(arith::SubIOp::NAME, &[ni, n1]);
    let bias = e.int_of(it, bias);
    let mant = e.int_of(it, mant);
    let mut r = p;
    for k in [n1, n2] {
        let b = e.same(arith::AddIOp::NAME, &[k, bias]);
        let bits = e.same(arith::ShLIOp::NAME, &[b, mant]);
        let scale = e.val(arith::BitcastOp::NAME, &[bits], ft, &[]);
        r = e.same(arith::MulFOp::NAME, &[r, scale]);
    }
    if wide == x {
        r
    } else {
        e.val(arith::TruncFOp::NAME, &[r], t, &[])
    }
}

/// Harp's `Cast`: to `i1` is `x != 0`; from `i1` is 0 or 1; otherwise the numeric
/// conversion (floats to integers truncate and saturate).
fn cast<'c>(e: &mut Emitter<'_, '_, 'c>, x: ValueId, to: Type<'c>) -> ValueId {
    let from = e.ty(x);
    if from == to {
        return x;
    }
    let fnum = Num::of(from).expect("verified");
    let tnum = Num::of(to).expect("verified");
    if to.is_signless_int(1) {
        let z = zero(e, from);
        return e.cmp(fnum, CmpF::Une, CmpI::Ne, x, z);
    }
    if from.is_signless_int(1) {
        return e.convert(x, Num::Int(1, true), to, tnum);
    }
    e.convert(x, fnum, to, tnum)
}

fn lower_reduce<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    src: &Body<'c>,
    r: ReduceOp,
    idx: &mut Vec<ValueId>,
    env: &mut FxHashMap<ValueId, ValueId>,
    flat: &FxHashMap<i64, ValueId>,
) -> LResult<'c, ValueId> {
    let op = r.0;
    let ty = src.value_type(r.result(src));
    let kind = src
        .attr(op, "kind")
        .and_then(ReduceKindAttr::from_attr)
        .map_or(ReduceKind::Sum, |k| k.value());
    let extents = int_list(src, op, "extents");
    let ops: Vec<OpId> = src
        .regions_of(op)
        .first()
        .and_then(|&reg| src.entry_block(reg))
        .map(|b| src.block_ops(b).collect())
        .unwrap_or_default();
    let yielded = ops.last().map(|&y| src.operand(y, 0));
    let init = match kind {
        ReduceKind::Sum => zero(e, ty),
        ReduceKind::Max => lowest(e, ty),
    };
    let loc = e.loc;
    let mut result = Ok(());
    let acc = reduce_nest(e, &extents, init, idx, &mut |e, idx, acc| {
        match lower_ops(e, src, &ops, idx, env, flat) {
            Ok(()) => {}
            Err(d) => {
                result = Err(d);
                return acc;
            }
        }
        e.loc = loc;
        let v = env[&yielded.expect("verified: a reduce yields")];
        let float = ty.is_float();
        let name = match (kind, float) {
            (ReduceKind::Sum, true) => arith::AddFOp::NAME,
            (ReduceKind::Sum, false) => arith::AddIOp::NAME,
            (ReduceKind::Max, true) => arith::MaximumFOp::NAME,
            (ReduceKind::Max, false) => arith::MaxSIOp::NAME,
        };
        let r = e.same(name, &[acc, v]);
        if float && kind == ReduceKind::Sum {
            // A float sum may be reassociated: LLVM then vectorizes it (partial sums
            // per lane), as numpy's pairwise sums also reorder.
            e.allow_reassoc(r);
        }
        r
    });
    result.map(|()| acc)
}

fn reduce_nest<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    extents: &[i64],
    init: ValueId,
    idx: &mut Vec<ValueId>,
    step: &mut dyn FnMut(&mut Emitter<'_, '_, 'c>, &mut Vec<ValueId>, ValueId) -> ValueId,
) -> ValueId {
    let Some((&d, rest)) = extents.split_first() else {
        return step(e, idx, init);
    };
    let (zero, ub) = (e.index(0), e.index(d));
    let out = e.for_loop(zero, ub, &[init], |e, iv, carried| {
        idx.push(iv);
        let v = reduce_nest(e, rest, carried[0], idx, step);
        idx.pop();
        SmallVec::from_slice(&[v])
    });
    out[0]
}

/// The identity of `max`: -inf, or the integer type's minimum.
fn lowest<'c>(e: &mut Emitter<'_, '_, 'c>, ty: Type<'c>) -> ValueId {
    match *ty.kind() {
        TypeKind::Float(_) => e.float_of(ty, f64::NEG_INFINITY),
        TypeKind::Integer { width, .. } => e.int_of(ty, -(1i128 << (width - 1))),
        _ => e.num_const(ty, 0.0),
    }
}
