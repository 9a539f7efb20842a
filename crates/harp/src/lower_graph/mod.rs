//! `harp-lower-graph`: a `harp_graph.graph` with known sizes becomes a `harp.func`
//! (the linearizer of upstream Harp, done: stores, registers, launch grids, buffers).
//!
//! Every value is lazy: an expression ([`Node`]) over views of buffers, in the index
//! space of its shape. Elementwise operators build expressions (broadcast operands
//! are views with stride 0), and movement operators move the views of the leaves,
//! so chains of both fuse into the one kernel that finally stores them. A value is
//! materialized (a kernel storing it into a new buffer) only where it must be: a
//! reduction's result (its kernel loops over the reduced axis inside each point of
//! the kept axes, the reduced expression fused into the loop: `sum(expand(a) *
//! expand(b), axis=1)` never builds the product), `contiguous`, a movement that no
//! view can express, and the result. Arguments are buffers `0..n`; `harp-plan-arena`
//! then places the buffers.

pub mod view;

use pto_ir::builder::OpBuilder;
use pto_ir::{
    Attribute, Body, Context, Diagnostic, InsertPoint, Location, OpId, OpName, OperationState,
    Type, ValueId,
};
use pto_pass::{Pass, PassTarget};
use rustc_hash::FxHashMap;

use crate::graph::shapes::{binary_kind, move_kind, reduce_kind, unary_kind, TensorInfo};
use crate::graph::{self, BinaryKind, MoveKind, UnaryKind};
use crate::{AluKind, BufferAttr, HarpLowerGraph, MemorySpace, RandKind};
use view::LView;

type LResult<'c, T> = Result<T, Diagnostic<'c>>;

/// The most elements a tensor may have (so that every offset, stride and byte size
/// of its views fits an `i64` with room to spare).
pub const MAX_ELEMENTS: i64 = 1 << 40;

/// An expression node.
#[derive(Clone, Debug)]
enum Node<'c> {
    /// An element of a buffer through a view.
    Load { buf: i64, view: LView },
    /// A scalar.
    Const(Attribute<'c>),
    /// A random number; `view` maps the point to its counter.
    Rand {
        kind: RandKind,
        seed: i64,
        view: LView,
    },
    /// An ALU operation of the nodes `args`.
    Alu { kind: AluKind, args: Vec<usize> },
}

/// A lazy value: an expression over views, in the index space `shape`.
#[derive(Clone, Debug)]
struct Lazy<'c> {
    shape: Vec<i64>,
    dtype: Type<'c>,
    root: usize,
}

struct Lowerer<'a, 'c> {
    ctx: &'c Context,
    src: &'a Body<'c>,
    nodes: Vec<(Node<'c>, Type<'c>)>,
    buffers: Vec<(Type<'c>, Vec<i64>)>,
    kernels: Vec<OperationState<'c>>,
    args: usize,
}

impl Pass for HarpLowerGraph {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let graphs = crate::edit::top_level_ops(target.body, |b, op| {
            graph::GraphOp::from_op(b, op).is_some()
        });
        for g in graphs {
            let st = lower_graph(ctx, target.body, g)?;
            let mut b = OpBuilder::new(ctx, target.body);
            b.set_insertion_point(InsertPoint::Before(g));
            let f = b.create(st);
            let p = crate::plan_arena::plan(target.body, f, 64);
            tracing::debug!(
                target: "pto::harp",
                arena = p.arena,
                max_live = p.max_live,
                "harp-lower-graph: planned the arena"
            );
            crate::plan_arena::apply(ctx, target.body, f, &p);
            let loc = target.body.op_loc(g);
            if target.body.erase_op(g).is_err() {
                return Err(Diagnostic::error(
                    loc,
                    "harp-lower-graph: the graph is still in use",
                ));
            }
        }
        Ok(())
    }
}

fn fail<'c, T>(loc: Location<'c>, msg: impl Into<String>) -> LResult<'c, T> {
    Err(Diagnostic::error(loc, msg.into()))
}

fn static_info<'c>(loc: Location<'c>, t: Type<'c>) -> LResult<'c, (Vec<i64>, Type<'c>)> {
    let Some(info) = TensorInfo::of(t) else {
        return fail(
            loc,
            format!("harp-lower-graph: expected a harp_graph tensor, got {t}"),
        );
    };
    match info.static_shape() {
        Some(s) => {
            let elements = s.iter().try_fold(1i64, |n, &d| n.checked_mul(d));
            match elements {
                Some(n) if n <= MAX_ELEMENTS => Ok((s, info.dtype)),
                _ => fail(
                    loc,
                    format!(
                        "harp-lower-graph: {} has more than 2^40 elements",
                        info.describe()
                    ),
                ),
            }
        }
        None => fail(
            loc,
            format!(
                "harp-lower-graph: {} has symbolic sizes; bind them first (-D NAME=SIZE, or \
                 harp-graph-specialize)",
                info.describe()
            ),
        ),
    }
}

/// The `harp.func` state for graph `g` of `module`.
fn lower_graph<'c>(
    ctx: &'c Context,
    module: &Body<'c>,
    g: OpId,
) -> LResult<'c, OperationState<'c>> {
    let loc = module.op_loc(g);
    let name = module
        .attr(g, "sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or("graph")
        .to_string();
    let src = module.region_body(g);
    let Some(block) = module
        .regions_of(g)
        .first()
        .and_then(|&r| src.entry_block(r))
    else {
        return fail(loc, "harp-lower-graph: a graph without a body");
    };
    let mut l = Lowerer {
        ctx,
        src,
        nodes: Vec::new(),
        buffers: Vec::new(),
        kernels: Vec::new(),
        args: 0,
    };
    let mut env: FxHashMap<ValueId, Lazy<'c>> = FxHashMap::default();
    for &a in src.block_args(block) {
        let (shape, dtype) = static_info(loc, src.value_type(a))?;
        if shape.is_empty() || shape.contains(&0) {
            return fail(
                loc,
                "harp-lower-graph: parameters must have rank 1 or more and no empty dimension",
            );
        }
        let buf = l.new_buffer(dtype, &shape);
        let root = l.node(
            Node::Load {
                buf,
                view: LView::contiguous(&shape),
            },
            dtype,
        );
        env.insert(a, Lazy { shape, dtype, root });
    }
    l.args = l.buffers.len();
    let mut ret = None;
    for op in src.block_ops(block) {
        let oloc = src.op_loc(op);
        if graph::ReturnOp::from_op(src, op).is_some() {
            ret = Some(env[&src.operand(op, 0)].clone());
            continue;
        }
        let ins: Vec<Lazy<'c>> = src.operands(op).map(|v| env[&v].clone()).collect();
        let (shape, dtype) = static_info(oloc, src.value_type(src.result(op, 0)))?;
        let out = l.lower_op(op, &ins, shape, dtype)?;
        env.insert(src.result(op, 0), out);
    }
    let Some(ret) = ret else {
        return fail(loc, "harp-lower-graph: a graph without a result");
    };
    if ret.shape.is_empty() {
        return fail(loc, "harp-lower-graph: the result must have rank 1 or more");
    }
    // The result: an intermediate buffer read whole, or a new one.
    let ret_buf = match &l.nodes[ret.root].0 {
        Node::Load { buf, view }
            if *buf as usize >= l.args && *view == LView::contiguous(&ret.shape) =>
        {
            *buf
        }
        _ => l.materialize(loc, &ret, "result")?,
    };
    l.buffers[ret_buf as usize].1 = ret.shape.clone();

    let list: Vec<Attribute<'c>> = l
        .buffers
        .iter()
        .enumerate()
        .map(|(id, (t, shape))| {
            let n: i64 = shape.iter().product();
            let caller = id < l.args || id as i64 == ret_buf;
            let s: &[i64] = if caller { shape } else { &[] };
            BufferAttr::get(
                ctx,
                id as i64,
                *t,
                n * crate::dtype_bytes(*t).unwrap_or(4),
                0,
                MemorySpace::Host,
                s,
            )
            .attr()
        })
        .collect();
    let args: Vec<i64> = (0..l.args as i64).collect();
    let mut fbody = Box::new(Body::new());
    let region = fbody.create_region();
    let fblock = fbody.create_block();
    fbody.append_block(region, fblock);
    {
        let mut ob = OpBuilder::new(ctx, &mut fbody);
        ob.set_insertion_point(InsertPoint::BlockEnd(fblock));
        for st in l.kernels.drain(..) {
            ob.create(st);
        }
    }
    let mut st = OperationState::new(ctx, OpName::of(ctx, crate::FuncOp::NAME), loc);
    st.props = Some(ctx.dictionary_of(&[
        ("sym_name", ctx.string_attr(&name)),
        ("buffers", ctx.array_attr(&list)),
        ("args", ctx.dense_int_array(64, &args)),
        ("ret", ctx.int_attr(ctx.int_type(64), i128::from(ret_buf))),
        ("required_memory", ctx.int_attr(ctx.int_type(64), 0)),
    ]));
    st.regions.push(region);
    st.nested = Some(fbody);
    Ok(st)
}

impl<'c> Lowerer<'_, 'c> {
    fn node(&mut self, n: Node<'c>, t: Type<'c>) -> usize {
        self.nodes.push((n, t));
        self.nodes.len() - 1
    }

    fn new_buffer(&mut self, t: Type<'c>, shape: &[i64]) -> i64 {
        self.buffers.push((t, shape.to_vec()));
        self.buffers.len() as i64 - 1
    }

    fn alu(&mut self, kind: AluKind, args: &[usize], t: Type<'c>) -> usize {
        self.node(
            Node::Alu {
                kind,
                args: args.to_vec(),
            },
            t,
        )
    }

    fn konst(&mut self, t: Type<'c>, v: f64) -> usize {
        let attr = match t.float_kind() {
            Some(k) => crate::float_attr(self.ctx, t, k, &format!("{v:e}")),
            None => Some(self.ctx.int_attr(t, v as i128)),
        };
        self.node(Node::Const(attr.expect("a finite constant")), t)
    }

    /// Rewrites the leaves of `root` with `f` (`None`: not expressible).
    fn map_leaves(
        &mut self,
        root: usize,
        f: &dyn Fn(&LView) -> Option<LView>,
        memo: &mut FxHashMap<usize, usize>,
    ) -> Option<usize> {
        if let Some(&n) = memo.get(&root) {
            return Some(n);
        }
        let (node, t) = self.nodes[root].clone();
        let out = match node {
            Node::Load { buf, view } => self.node(
                Node::Load {
                    buf,
                    view: f(&view)?,
                },
                t,
            ),
            Node::Rand { kind, seed, view } => self.node(
                Node::Rand {
                    kind,
                    seed,
                    view: f(&view)?,
                },
                t,
            ),
            Node::Const(_) => root,
            Node::Alu { kind, args } => {
                let mut new = Vec::with_capacity(args.len());
                for a in args {
                    new.push(self.map_leaves(a, f, memo)?);
                }
                self.alu(kind, &new, t)
            }
        };
        memo.insert(root, out);
        Some(out)
    }

    /// `x` moved by `f`, through its leaves or else through a copy.
    fn moved(
        &mut self,
        loc: Location<'c>,
        x: &Lazy<'c>,
        shape: Vec<i64>,
        pure_views_only: bool,
        f: &dyn Fn(&LView) -> Option<LView>,
    ) -> LResult<'c, Lazy<'c>> {
        let is_view = matches!(self.nodes[x.root].0, Node::Load { .. });
        if !pure_views_only || is_view {
            if let Some(root) = self.map_leaves(x.root, f, &mut FxHashMap::default()) {
                return Ok(Lazy {
                    shape,
                    dtype: x.dtype,
                    root,
                });
            }
        }
        let buf = self.materialize(loc, x, "movement")?;
        let Some(view) = f(&LView::contiguous(&x.shape)) else {
            return fail(loc, "harp-lower-graph: the movement's offsets overflow");
        };
        let root = self.node(Node::Load { buf, view }, x.dtype);
        Ok(Lazy {
            shape,
            dtype: x.dtype,
            root,
        })
    }

    /// `x` broadcast to `shape`.
    fn broadcast(&mut self, loc: Location<'c>, x: &Lazy<'c>, shape: &[i64]) -> LResult<'c, usize> {
        if x.shape == shape {
            return Ok(x.root);
        }
        let target = shape.to_vec();
        Ok(self
            .moved(loc, x, target.clone(), false, &|v| v.expand(&target))?
            .root)
    }

    fn lower_op(
        &mut self,
        op: OpId,
        ins: &[Lazy<'c>],
        shape: Vec<i64>,
        dtype: Type<'c>,
    ) -> LResult<'c, Lazy<'c>> {
        let src = self.src;
        let loc = src.op_loc(op);
        let lazy = |root| Lazy {
            shape: shape.clone(),
            dtype,
            root,
        };
        if let Some(c) = graph::ConstantOp::from_op(src, op) {
            let v = c.value(src).expect("verified");
            return Ok(lazy(self.node(Node::Const(v), dtype)));
        }
        if graph::RandOp::from_op(src, op).is_some() {
            let kind = match src
                .attr(op, "kind")
                .and_then(graph::RandKindAttr::from_attr)
                .map(|k| k.value())
            {
                Some(graph::RandKind::Normal) => RandKind::Normal,
                _ => RandKind::Uniform,
            };
            let seed = src.attr(op, "seed").and_then(|a| a.as_int()).unwrap_or(0) as i64;
            return Ok(lazy(self.node(
                Node::Rand {
                    kind,
                    seed,
                    view: LView::contiguous(&shape),
                },
                dtype,
            )));
        }
        if graph::UnaryOp::from_op(src, op).is_some() {
            let x = ins[0].root;
            let t = dtype;
            let root = match unary_kind(src, op).expect("verified") {
                UnaryKind::Exp2 => self.alu(AluKind::Exp2, &[x], t),
                UnaryKind::Log2 => self.alu(AluKind::Log2, &[x], t),
                UnaryKind::Sin => self.alu(AluKind::Sin, &[x], t),
                UnaryKind::Sqrt => self.alu(AluKind::Sqrt, &[x], t),
                UnaryKind::Recip => self.alu(AluKind::Recip, &[x], t),
                UnaryKind::Neg => self.alu(AluKind::Neg, &[x], t),
                UnaryKind::Cos => {
                    let h = self.konst(t, std::f64::consts::FRAC_PI_2);
                    let s = self.alu(AluKind::Add, &[x, h], t);
                    self.alu(AluKind::Sin, &[s], t)
                }
                UnaryKind::Exp => {
                    let k = self.konst(t, std::f64::consts::LOG2_E);
                    let s = self.alu(AluKind::Mul, &[x, k], t);
                    self.alu(AluKind::Exp2, &[s], t)
                }
                UnaryKind::Log => {
                    let l = self.alu(AluKind::Log2, &[x], t);
                    let k = self.konst(t, std::f64::consts::LN_2);
                    self.alu(AluKind::Mul, &[l, k], t)
                }
                UnaryKind::Abs => {
                    let n = self.alu(AluKind::Neg, &[x], t);
                    self.alu(AluKind::Max, &[x, n], t)
                }
            };
            return Ok(lazy(root));
        }
        if graph::BinaryOp::from_op(src, op).is_some() {
            let a = self.broadcast(loc, &ins[0], &shape)?;
            let b = self.broadcast(loc, &ins[1], &shape)?;
            let t = ins[0].dtype;
            let i1 = self.ctx.int_type(1);
            let root = match binary_kind(src, op).expect("verified") {
                BinaryKind::Add => self.alu(AluKind::Add, &[a, b], t),
                BinaryKind::Mul => self.alu(AluKind::Mul, &[a, b], t),
                BinaryKind::Rem => self.alu(AluKind::Rem, &[a, b], t),
                BinaryKind::Max => self.alu(AluKind::Max, &[a, b], t),
                BinaryKind::Sub => {
                    let n = self.alu(AluKind::Neg, &[b], t);
                    self.alu(AluKind::Add, &[a, n], t)
                }
                BinaryKind::Div => {
                    let r = self.alu(AluKind::Recip, &[b], t);
                    self.alu(AluKind::Mul, &[a, r], t)
                }
                BinaryKind::Min => {
                    let (na, nb) = (
                        self.alu(AluKind::Neg, &[a], t),
                        self.alu(AluKind::Neg, &[b], t),
                    );
                    let m = self.alu(AluKind::Max, &[na, nb], t);
                    self.alu(AluKind::Neg, &[m], t)
                }
                BinaryKind::Lt => self.alu(AluKind::LessThan, &[a, b], i1),
                BinaryKind::Gt => self.alu(AluKind::LessThan, &[b, a], i1),
                k @ (BinaryKind::Le | BinaryKind::Ge | BinaryKind::Eq | BinaryKind::Ne) => {
                    let (f, tr) = (self.konst(i1, 0.0), self.konst(i1, 1.0));
                    let lt = self.alu(AluKind::LessThan, &[a, b], i1);
                    let gt = self.alu(AluKind::LessThan, &[b, a], i1);
                    match k {
                        BinaryKind::Le => self.alu(AluKind::Where, &[gt, f, tr], i1),
                        BinaryKind::Ge => self.alu(AluKind::Where, &[lt, f, tr], i1),
                        BinaryKind::Ne => self.alu(AluKind::Where, &[lt, tr, gt], i1),
                        _ => {
                            let not_gt = self.alu(AluKind::Where, &[gt, f, tr], i1);
                            self.alu(AluKind::Where, &[lt, f, not_gt], i1)
                        }
                    }
                }
            };
            return Ok(lazy(root));
        }
        if graph::WhereOp::from_op(src, op).is_some() {
            let c = self.broadcast(loc, &ins[0], &shape)?;
            let a = self.broadcast(loc, &ins[1], &shape)?;
            let b = self.broadcast(loc, &ins[2], &shape)?;
            return Ok(lazy(self.alu(AluKind::Where, &[c, a, b], dtype)));
        }
        if graph::CastOp::from_op(src, op).is_some() {
            return Ok(lazy(self.alu(AluKind::Cast, &[ins[0].root], dtype)));
        }
        if graph::ReduceOp::from_op(src, op).is_some() {
            let axis = src.attr(op, "axis").and_then(|a| a.as_int()).unwrap_or(0) as usize;
            let kind = reduce_kind(src, op).expect("verified");
            let buf = self.reduce(loc, &ins[0], axis, kind, &shape)?;
            return Ok(lazy(self.node(
                Node::Load {
                    buf,
                    view: LView::contiguous(&shape),
                },
                dtype,
            )));
        }
        if graph::MoveOp::from_op(src, op).is_some() {
            return self.movement(op, &ins[0], shape);
        }
        fail(
            loc,
            format!(
                "harp-lower-graph: cannot lower '{}'",
                src.op_name(op).as_str()
            ),
        )
    }

    fn movement(&mut self, op: OpId, x: &Lazy<'c>, shape: Vec<i64>) -> LResult<'c, Lazy<'c>> {
        let src = self.src;
        let loc = src.op_loc(op);
        let args: Vec<i64> = src
            .attr(op, "args")
            .and_then(|a| a.dense_int_values())
            .map(|v| v.to_vec())
            .unwrap_or_default();
        let pairs: Vec<(i64, i64)> = args
            .chunks(2)
            .map(|p| (p[0], p.get(1).copied().unwrap_or(0)))
            .collect();
        let axis = args.first().copied().unwrap_or(0) as usize;
        let target = shape.clone();
        match move_kind(src, op).expect("verified") {
            MoveKind::Contiguous => {
                let buf = self.materialize(loc, x, "contiguous")?;
                let root = self.node(
                    Node::Load {
                        buf,
                        view: LView::contiguous(&shape),
                    },
                    x.dtype,
                );
                Ok(Lazy {
                    shape,
                    dtype: x.dtype,
                    root,
                })
            }
            MoveKind::Permute => {
                let order: Vec<usize> = args.iter().map(|&a| a as usize).collect();
                self.moved(loc, x, shape, false, &move |v| Some(v.permute(&order)))
            }
            MoveKind::Expand => self.moved(loc, x, shape, false, &move |v| v.expand(&target)),
            MoveKind::Reshape => self.moved(loc, x, shape, false, &move |v| v.reshape(&target)),
            MoveKind::Shrink => self.moved(loc, x, shape, false, &move |v| v.shrink(&pairs)),
            MoveKind::Stride => self.moved(loc, x, shape, false, &move |v| v.stride(&args)),
            MoveKind::Flip => self.moved(loc, x, shape, false, &move |v| v.flip(axis)),
            MoveKind::Unsqueeze => {
                self.moved(loc, x, shape, false, &move |v| Some(v.unsqueeze(axis)))
            }
            MoveKind::Squeeze => self.moved(loc, x, shape, false, &move |v| v.squeeze(axis)),
            // Padding an expression would compute it on the padding: only views pad.
            MoveKind::Pad => self.moved(loc, x, shape, true, &move |v| v.pad(&pairs)),
        }
    }
}

mod emit;
