//! `outline-parallel-loops`: every top-level `scf.parallel` of a function (one
//! induction variable from 0 with step 1) becomes a call of the runtime's
//! `pto_parallel_for(n, body, ctx)`, which runs `body(ctx, lo, hi)` on chunks of
//! `0..n` on `pto-run --threads` threads (one: a plain call). The loop body moves
//! into a new function `@<f>__parallel<i>(ctx, lo, hi)` holding `scf.for lo to hi`;
//! what the body uses from outside is cloned into it when it is a constant, and
//! passed through `ctx` when it is a memref or an integer: the caller stores each
//! memref's descriptor (through `builtin.unrealized_conversion_cast`, which the
//! lowering to LLVM reconciles) and each integer (an index as `i64`) into a stack
//! struct, the body loads them back. A loop using anything else stays serial.

use pto_dialects::llvm::{self, build_gep, build_load, build_store, GepIndex};
use pto_dialects::{arith, func, scf};
use pto_ir::builder::OpBuilder;
use pto_ir::IrMapping;
use pto_ir::{
    builtin, Body, Context, Diagnostic, InsertPoint, NamedAttribute, OpId, OpName, OperationState,
    Type, TypeKind, ValueId,
};
use pto_pass::{Pass, PassTarget};

use crate::OutlineParallelLoops;

/// The runtime function the JIT provides (`pto-llvm`'s runtime).
pub const RUNTIME: &str = "pto_parallel_for";

/// What a parallel loop uses from outside it.
struct Captures {
    constants: Vec<OpId>,
    memrefs: Vec<ValueId>,
    /// Integers and indices computed before the loop (sizes, outer indices).
    scalars: Vec<ValueId>,
}

/// Whether `v` is defined inside `op` (a block argument or result of an op nested in it).
fn inside(body: &Body<'_>, v: ValueId, op: OpId) -> bool {
    let mut cur = match body.value_def(v) {
        pto_ir::ValueDef::Result(o, _) => Some(o),
        pto_ir::ValueDef::Arg(b, _) => body.block_region(b).and_then(|r| body.region_op(r)),
    };
    while let Some(o) = cur {
        if o == op {
            return true;
        }
        cur = body.parent_op(o);
    }
    false
}

fn nested_ops(body: &Body<'_>, op: OpId, out: &mut Vec<OpId>) {
    for &r in body.regions_of(op) {
        for b in body.region_blocks(r) {
            for o in body.block_ops(b) {
                out.push(o);
                nested_ops(body, o, out);
            }
        }
    }
}

fn captures(body: &Body<'_>, par: OpId) -> Option<Captures> {
    let mut ops = Vec::new();
    nested_ops(body, par, &mut ops);
    let mut c = Captures {
        constants: Vec::new(),
        memrefs: Vec::new(),
        scalars: Vec::new(),
    };
    for o in ops {
        for v in body.operands(o) {
            if inside(body, v, par) {
                continue;
            }
            match body.value_def(v) {
                pto_ir::ValueDef::Result(d, _) if arith::ConstantOp::from_op(body, d).is_some() => {
                    if !c.constants.contains(&d) {
                        c.constants.push(d);
                    }
                }
                _ if matches!(body.value_type(v).kind(), TypeKind::MemRef { .. }) => {
                    if !c.memrefs.contains(&v) {
                        c.memrefs.push(v);
                    }
                }
                _ if matches!(
                    body.value_type(v).kind(),
                    TypeKind::Index | TypeKind::Integer { .. }
                ) =>
                {
                    if !c.scalars.contains(&v) {
                        c.scalars.push(v);
                    }
                }
                _ => return None,
            }
        }
    }
    Some(c)
}

/// The descriptor struct of a ranked memref type (64-bit indices).
fn descriptor<'c>(ctx: &'c Context, t: Type<'c>) -> Type<'c> {
    let rank = match t.kind() {
        TypeKind::MemRef { shape, .. } => shape.len(),
        _ => 0,
    };
    let ptr = llvm::ptr_type(ctx);
    let i64t = ctx.int_type(64);
    let mut fields = vec![ptr, ptr, i64t];
    if rank > 0 {
        let arr = llvm::array_type(ctx, i64t, rank as u64);
        fields.extend([arr, arr]);
    }
    llvm::struct_type(ctx, &fields, false)
}

fn cast<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: pto_ir::Location<'c>,
    v: ValueId,
    to: Type<'c>,
) -> ValueId {
    let mut st = b.state(builtin::UnrealizedConversionCastOp::NAME, loc);
    st.operands.push(v);
    st.result_types.push(to);
    let op = b.create(st);
    b.body().result(op, 0)
}

/// The field a captured scalar takes in the context struct: an `index` as `i64`.
fn scalar_field<'c>(ctx: &'c Context, t: Type<'c>) -> Type<'c> {
    if t.is_index() {
        ctx.int_type(64)
    } else {
        t
    }
}

/// The context struct's fields: each memref's descriptor, then each scalar.
fn context_fields<'c>(ctx: &'c Context, body: &Body<'c>, caps: &Captures) -> Vec<Type<'c>> {
    caps.memrefs
        .iter()
        .map(|&m| descriptor(ctx, body.value_type(m)))
        .chain(
            caps.scalars
                .iter()
                .map(|&v| scalar_field(ctx, body.value_type(v))),
        )
        .collect()
}

/// A parallel loop the pass can outline: `(op, upper bound)`.
fn candidate(body: &Body<'_>, op: OpId) -> Option<ValueId> {
    scf::ParallelOp::from_op(body, op)?;
    let operands: Vec<ValueId> = body.operands(op).collect();
    // One induction variable, from 0, step 1, no reductions.
    if operands.len() != 3 || body.num_results(op) != 0 {
        return None;
    }
    (body.constant_int(operands[0]) == Some(0) && body.constant_int(operands[2]) == Some(1))
        .then_some(operands[1])
}

impl Pass for OutlineParallelLoops {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let module = &mut *target.body;
        let funcs = crate::edit::top_level_ops(module, |b, op| {
            func::FuncOp::from_op(b, op).is_some() && b.nested(op).is_some()
        });
        let ptr = llvm::ptr_type(ctx);
        let index = ctx.index_type();
        let body_ty = ctx.function_type(&[ptr, index, index], &[]);
        let runtime_ty = ctx.function_type(&[ctx.int_type(64), body_ty, ptr], &[]);
        let mut any = false;
        for f in funcs {
            let fname = module
                .attr(f, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or("f")
                .to_string();
            let fb = module.nested(f).expect("filtered");
            let Some(entry) = fb.root_entry_block() else {
                continue;
            };
            let pars: Vec<(OpId, ValueId, Captures)> = fb
                .block_ops(entry)
                .filter_map(|op| {
                    let ub = candidate(fb, op)?;
                    Some((op, ub, captures(fb, op)?))
                })
                .collect();
            let mut wrappers = Vec::new();
            for (i, (par, _, caps)) in pars.iter().enumerate() {
                let name = format!("{fname}__parallel{i}");
                wrappers.push((name.clone(), outline(ctx, fb, *par, caps, &name, body_ty)?));
            }
            // Replace each loop by the call.
            let fb = module.nested_mut(f).expect("filtered");
            for (i, (par, ub, caps)) in pars.iter().enumerate() {
                let loc = fb.op_loc(*par);
                let mut b = OpBuilder::new(ctx, fb);
                b.set_insertion_point(InsertPoint::Before(*par));
                let descs = context_fields(ctx, b.body(), caps);
                let ctx_ty = llvm::struct_type(ctx, &descs, false);
                let one = llvm::ConstantOp::build(
                    &mut b,
                    loc,
                    ctx.int_type(64),
                    ctx.int_attr(ctx.int_type(64), 1),
                )
                .res(b.body());
                let slot =
                    llvm::AllocaOp::build(&mut b, loc, one, ptr, None, ctx.type_attr(ctx_ty), None)
                        .res(b.body());
                for (j, &m) in caps.memrefs.iter().enumerate() {
                    let d = cast(&mut b, loc, m, descs[j]);
                    let at = build_gep(
                        &mut b,
                        loc,
                        ptr,
                        ctx_ty,
                        slot,
                        &[GepIndex::Const(0), GepIndex::Const(j as i32)],
                        0,
                    )
                    .res(b.body());
                    build_store(&mut b, loc, d, at, 0);
                }
                let base = caps.memrefs.len();
                for (j, &v) in caps.scalars.iter().enumerate() {
                    let field = descs[base + j];
                    let x = if b.body().value_type(v).is_index() {
                        arith::IndexCastOp::build(&mut b, loc, v, field).out(b.body())
                    } else {
                        v
                    };
                    let at = build_gep(
                        &mut b,
                        loc,
                        ptr,
                        ctx_ty,
                        slot,
                        &[GepIndex::Const(0), GepIndex::Const((base + j) as i32)],
                        0,
                    )
                    .res(b.body());
                    build_store(&mut b, loc, x, at, 0);
                }
                let fnptr = func::ConstantOp::build(
                    &mut b,
                    loc,
                    body_ty,
                    ctx.symbol_ref_attr(ctx.ident(&wrappers[i].0), &[]),
                )
                .result_0(b.body());
                let n = arith::IndexCastOp::build(&mut b, loc, *ub, ctx.int_type(64)).out(b.body());
                func::CallOp::build(
                    &mut b,
                    loc,
                    &[n, fnptr, slot],
                    &[],
                    ctx.symbol_ref_attr(ctx.ident(RUNTIME), &[]),
                    None,
                    None,
                    None,
                );
                if fb.erase_op(*par).is_err() {
                    return Err(Diagnostic::error(
                        loc,
                        "outline-parallel-loops: the loop is still in use",
                    ));
                }
                any = true;
            }
            // The new functions, after `f`.
            let mut b = OpBuilder::new(ctx, module);
            b.set_insertion_point(InsertPoint::After(f));
            for (_, st) in wrappers.into_iter().rev() {
                b.create(st);
            }
        }
        if any {
            declare_runtime(ctx, module, runtime_ty);
        }
        Ok(())
    }
}

fn func_state<'c>(
    ctx: &'c Context,
    loc: pto_ir::Location<'c>,
    name: &str,
    ty: Type<'c>,
    private: bool,
) -> OperationState<'c> {
    let mut st = OperationState::new(ctx, OpName::of(ctx, func::FuncOp::NAME), loc);
    let mut props = vec![
        NamedAttribute {
            name: ctx.ident("sym_name"),
            value: ctx.string_attr(name),
        },
        NamedAttribute {
            name: ctx.ident("function_type"),
            value: ctx.type_attr(ty),
        },
    ];
    if private {
        props.push(NamedAttribute {
            name: ctx.ident("sym_visibility"),
            value: ctx.string_attr("private"),
        });
    }
    st.props = Some(ctx.dictionary(&props));
    st
}

fn declare_runtime<'c>(ctx: &'c Context, module: &mut Body<'c>, ty: Type<'c>) {
    let exists = module.all_ops().into_iter().any(|op| {
        func::FuncOp::from_op(module, op).is_some()
            && module.attr(op, "sym_name").and_then(|a| a.as_str()) == Some(RUNTIME)
    });
    if exists {
        return;
    }
    let Some(block) = module.root_entry_block() else {
        return;
    };
    let loc = module
        .block_ops(block)
        .next()
        .map_or_else(|| ctx.unknown_loc(), |o| module.op_loc(o));
    let mut st = func_state(ctx, loc, RUNTIME, ty, true);
    st.regions.push(module.create_region());
    let mut b = OpBuilder::new(ctx, module);
    b.set_insertion_point(InsertPoint::BlockEnd(block));
    b.create(st);
}

/// The function running the body of `par` on `lo..hi`.
fn outline<'c>(
    ctx: &'c Context,
    fb: &Body<'c>,
    par: OpId,
    caps: &Captures,
    name: &str,
    ty: Type<'c>,
) -> Result<OperationState<'c>, Diagnostic<'c>> {
    let loc = fb.op_loc(par);
    let ptr = llvm::ptr_type(ctx);
    let index = ctx.index_type();
    let mut body = Box::new(Body::new());
    let region = body.create_region();
    let block = body.create_block();
    let c = body.add_block_argument(block, ptr, loc);
    let lo = body.add_block_argument(block, index, loc);
    let hi = body.add_block_argument(block, index, loc);
    body.append_block(region, block);
    let mut map = IrMapping::default();
    {
        let mut b = OpBuilder::new(ctx, &mut body);
        b.set_insertion_point(InsertPoint::BlockEnd(block));
        let descs = context_fields(ctx, fb, caps);
        let ctx_ty = llvm::struct_type(ctx, &descs, false);
        let base = caps.memrefs.len();
        for (j, &v) in caps.scalars.iter().enumerate() {
            let at = build_gep(
                &mut b,
                loc,
                ptr,
                ctx_ty,
                c,
                &[GepIndex::Const(0), GepIndex::Const((base + j) as i32)],
                0,
            )
            .res(b.body());
            let x = build_load(&mut b, loc, descs[base + j], at, 0).res(b.body());
            let t = fb.value_type(v);
            let x = if t.is_index() {
                arith::IndexCastOp::build(&mut b, loc, x, t).out(b.body())
            } else {
                x
            };
            map.values.insert(v, x);
        }
        for (j, &m) in caps.memrefs.iter().enumerate() {
            let at = build_gep(
                &mut b,
                loc,
                ptr,
                ctx_ty,
                c,
                &[GepIndex::Const(0), GepIndex::Const(j as i32)],
                0,
            )
            .res(b.body());
            let d = build_load(&mut b, loc, descs[j], at, 0).res(b.body());
            let v = cast(&mut b, loc, d, fb.value_type(m));
            map.values.insert(m, v);
        }
        for &k in &caps.constants {
            let t = fb.value_type(fb.result(k, 0));
            let attr = fb.attr(k, "value").expect("a constant has a value");
            let v = arith::ConstantOp::build(&mut b, loc, t, attr).result(b.body());
            map.values.insert(fb.result(k, 0), v);
        }
        let one =
            arith::ConstantOp::build(&mut b, loc, index, ctx.int_attr(index, 1)).result(b.body());
        let for_region = b.body().create_region();
        let mut st = b.state(scf::ForOp::NAME, loc);
        st.operands.extend_from_slice(&[lo, hi, one]);
        st.regions.push(for_region);
        b.create(st);
        let src_region = fb.regions_of(par)[0];
        let blocks = b
            .body()
            .clone_region_from(fb, src_region, for_region, None, &mut map)
            .map_err(|e| Diagnostic::error(loc, format!("outline-parallel-loops: {e:?}")))?;
        // scf.reduce ends the parallel loop's body; scf.yield ends the for's.
        if let Some(&blk) = blocks.first() {
            if let Some(term) = b.body().block_ops(blk).last() {
                let _ = b.body().erase_op(term);
            }
            b.set_insertion_point(InsertPoint::BlockEnd(blk));
            scf::YieldOp::build(&mut b, loc, &[]);
        }
        b.set_insertion_point(InsertPoint::BlockEnd(block));
        func::ReturnOp::build(&mut b, loc, &[]);
    }
    let mut st = func_state(ctx, loc, name, ty, true);
    st.regions.push(region);
    st.nested = Some(body);
    Ok(st)
}
