//! Kernels of the lowering: a materialization (a value stored into a new buffer)
//! and a reduction (a loop over the reduced axis inside every point of the others).

use pto_ir::builder::OpBuilder;
use pto_ir::{Body, InsertPoint, Location, OpName, OperationState, ValueId};
use rustc_hash::FxHashMap;

use super::view::LView;
use super::{fail, LResult, Lazy, Lowerer, Node};
use crate::graph::ReduceKind as GraphReduce;
use crate::{
    AluKindAttr, ConstOp, KernelOp, LoadOp, RandKindAttr, RandOp, ReduceKind, ReduceKindAttr,
    ReduceOp, StoreOp, ViewAttr, YieldOp,
};

/// Emits the ops of one kernel body.
struct Emit<'e, 'b, 'c> {
    ob: &'e mut OpBuilder<'b, 'c>,
    loc: Location<'c>,
    memo: FxHashMap<usize, ValueId>,
    reads: Vec<i64>,
}

impl<'c> Lowerer<'_, 'c> {
    /// Stores `x` into a new row-major buffer of its shape (one kernel over it).
    pub(super) fn materialize(
        &mut self,
        loc: Location<'c>,
        x: &Lazy<'c>,
        what: &str,
    ) -> LResult<'c, i64> {
        let x = if x.shape.is_empty() {
            // A scalar is stored as one element.
            self.moved(loc, x, vec![1], false, &|v| v.expand(&[1]))?
        } else {
            x.clone()
        };
        if x.shape.contains(&0) {
            return fail(
                loc,
                format!("harp-lower-graph: the {what} has an empty dimension"),
            );
        }
        let buf = self.new_buffer(x.dtype, &x.shape);
        let root = x.root;
        let shape = x.shape.clone();
        self.kernel(loc, &shape, buf, &mut |l, e| Ok(l.emit(e, root)))?;
        Ok(buf)
    }

    /// A kernel over `launch` storing what `body` computes into the row-major
    /// buffer `buf`.
    fn kernel(
        &mut self,
        loc: Location<'c>,
        launch: &[i64],
        buf: i64,
        body: &mut dyn FnMut(&mut Self, &mut Emit<'_, '_, 'c>) -> LResult<'c, ValueId>,
    ) -> LResult<'c, ()> {
        let ctx = self.ctx;
        let mut kbody = Box::new(Body::new());
        let region = kbody.create_region();
        let block = kbody.create_block();
        kbody.append_block(region, block);
        let reads;
        {
            let mut ob = OpBuilder::new(ctx, &mut kbody);
            ob.set_insertion_point(InsertPoint::BlockEnd(block));
            let mut e = Emit {
                ob: &mut ob,
                loc,
                memo: FxHashMap::default(),
                reads: Vec::new(),
            };
            let v = body(self, &mut e)?;
            let view = LView::contiguous(launch);
            let attr = view_attr(ctx, &view);
            let mut st = e.ob.state(StoreOp::NAME, loc);
            st.operands.push(v);
            st.props = Some(ctx.dictionary_of(&[("buffer", i64_attr(ctx, buf)), ("view", attr)]));
            e.ob.create(st);
            reads = std::mem::take(&mut e.reads);
        }
        let mut reads = reads;
        reads.sort_unstable();
        reads.dedup();
        let name = format!("k{}", self.kernels.len());
        let mut st = OperationState::new(ctx, OpName::of(ctx, KernelOp::NAME), loc);
        st.props = Some(ctx.dictionary_of(&[
            ("name", ctx.string_attr(&name)),
            ("launch_dims", ctx.dense_int_array(64, launch)),
            ("reads", ctx.dense_int_array(64, &reads)),
            ("writes", ctx.dense_int_array(64, &[buf])),
        ]));
        st.regions.push(region);
        st.nested = Some(kbody);
        self.kernels.push(st);
        Ok(())
    }

    /// Reduces `x` over `axis` into a new buffer of `out_shape` (the axis kept with
    /// size 1): the kernel runs over `out_shape`, looping over the axis inside.
    pub(super) fn reduce(
        &mut self,
        loc: Location<'c>,
        x: &Lazy<'c>,
        axis: usize,
        kind: GraphReduce,
        out_shape: &[i64],
    ) -> LResult<'c, i64> {
        if out_shape.contains(&0) || x.shape[axis] == 0 {
            return fail(loc, "harp-lower-graph: a reduction over an empty dimension");
        }
        let n = x.shape[axis];
        let to_loop = move |v: &LView| {
            let mut w = v.clone();
            w.shape[axis] = 1;
            w.strides[axis] = 0;
            w.valid[axis] = (0, 1);
            w.shape.push(n);
            w.strides.push(v.strides[axis]);
            w.valid.push(v.valid[axis]);
            Some(w)
        };
        let inner = self
            .map_leaves(x.root, &to_loop, &mut FxHashMap::default())
            .expect("every view can loop over one of its axes");
        let t = x.dtype;
        let (inner, harp_kind, negate) = match kind {
            GraphReduce::Sum => (inner, ReduceKind::Sum, false),
            GraphReduce::Max => (inner, ReduceKind::Max, false),
            // min(x) = -max(-x).
            GraphReduce::Min => (
                self.alu(crate::AluKind::Neg, &[inner], t),
                ReduceKind::Max,
                true,
            ),
        };
        let buf = self.new_buffer(t, out_shape);
        self.kernel(loc, out_shape, buf, &mut |l, e| {
            let ctx = l.ctx;
            let (region, block) = e.ob.create_region_with_block();
            let mut st = e.ob.state(ReduceOp::NAME, e.loc);
            st.result_types.push(t);
            st.props = Some(ctx.dictionary_of(&[
                ("kind", ReduceKindAttr::get(ctx, harp_kind).attr()),
                ("extents", ctx.dense_int_array(64, &[n])),
            ]));
            st.regions.push(region);
            let r = e.ob.create(st);
            let saved = e.ob.insertion_point();
            e.ob.set_insertion_point(InsertPoint::BlockEnd(block));
            // Values of the loop body stay in it.
            let outer = std::mem::take(&mut e.memo);
            let v = l.emit(e, inner);
            let mut y = e.ob.state(YieldOp::NAME, e.loc);
            y.operands.push(v);
            e.ob.create(y);
            e.memo = outer;
            if let Some(s) = saved {
                e.ob.set_insertion_point(s);
            }
            let mut out = e.ob.body().result(r, 0);
            if negate {
                out = e.op(
                    crate::AluOp::NAME,
                    &[out],
                    t,
                    &[("kind", AluKindAttr::get(ctx, crate::AluKind::Neg).attr())],
                );
            }
            Ok(out)
        })?;
        Ok(buf)
    }

    /// The value of node `n` in the kernel being emitted.
    fn emit(&mut self, e: &mut Emit<'_, '_, 'c>, n: usize) -> ValueId {
        if let Some(&v) = e.memo.get(&n) {
            return v;
        }
        let ctx = self.ctx;
        let (node, t) = self.nodes[n].clone();
        let v = match node {
            Node::Const(attr) => e.op(ConstOp::NAME, &[], t, &[("value", attr)]),
            Node::Load { buf, view } => {
                if !e.reads.contains(&buf) {
                    e.reads.push(buf);
                }
                e.op(
                    LoadOp::NAME,
                    &[],
                    t,
                    &[
                        ("buffer", i64_attr(ctx, buf)),
                        ("view", view_attr(ctx, &view)),
                    ],
                )
            }
            Node::Rand { kind, seed, view } => e.op(
                RandOp::NAME,
                &[],
                t,
                &[
                    ("kind", RandKindAttr::get(ctx, kind).attr()),
                    ("view", view_attr(ctx, &view)),
                    ("seed", i64_attr(ctx, seed)),
                ],
            ),
            Node::Alu { kind, args } => {
                let vals: Vec<ValueId> = args.iter().map(|&a| self.emit(e, a)).collect();
                e.op(
                    crate::AluOp::NAME,
                    &vals,
                    t,
                    &[("kind", AluKindAttr::get(ctx, kind).attr())],
                )
            }
        };
        e.memo.insert(n, v);
        v
    }
}

impl<'c> Emit<'_, '_, 'c> {
    fn op(
        &mut self,
        name: &str,
        operands: &[ValueId],
        t: pto_ir::Type<'c>,
        props: &[(&str, pto_ir::Attribute<'c>)],
    ) -> ValueId {
        let ctx = self.ob.context();
        let mut st = self.ob.state(name, self.loc);
        st.operands.extend_from_slice(operands);
        st.result_types.push(t);
        st.props = Some(ctx.dictionary_of(props));
        let op = self.ob.create(st);
        self.ob.body().result(op, 0)
    }
}

fn i64_attr(ctx: &pto_ir::Context, v: i64) -> pto_ir::Attribute<'_> {
    ctx.int_attr(ctx.int_type(64), i128::from(v))
}

fn view_attr<'c>(ctx: &'c pto_ir::Context, v: &LView) -> pto_ir::Attribute<'c> {
    ViewAttr::get(ctx, &v.shape, &v.strides, v.offset, &v.valid_flat()).attr()
}
