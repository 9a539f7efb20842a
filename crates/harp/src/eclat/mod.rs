//! Eclat, the graph language of later Harp (`.ecl`: `program { graph<M, K> f(a:
//! f32[M, K]) -> f32[M, 1] { let s = sum(a, axis=1); return s; } }`), read into the
//! `harp_graph` dialect: `pto-translate --import-ecl`, and `pto-run f.ecl`.
//! `-D M=64` binds a size, as upstream's transpiler does (a name that `graph<...>`
//! does not declare must be bound so). Numbers are weak scalars: they take the
//! element type of the tensor they meet (`x / 512.0`), `f32` alone.

pub mod parse;

use pto_ir::builder::OpBuilder;
use pto_ir::module::Module;
use pto_ir::{
    Body, Context, Diagnostic, InsertPoint, Location, OpId, OpName, OperationState, Type, ValueId,
};
use pto_pass::registry::{DriverOption, DriverValues, Importer};
use pto_pass::Registry;
use rustc_hash::FxHashMap;

use crate::graph::shapes::{self, Dim, TensorInfo};
use crate::graph::{self as g, BinaryKind, MoveKind, ReduceKind, UnaryKind};
use parse::{Arg, Expr, Pos, Size, TypeSpec};

const DEFINE: &str = "define";

/// Registers `--import-ecl` (and `-D NAME=SIZE`).
pub fn register(registry: &mut Registry) {
    registry.importer(Importer {
        name: "import-ecl",
        description: "Translate an Eclat program (.ecl) to the harp_graph dialect",
        extensions: &[".ecl"],
        sniff: None,
        options: &[DriverOption {
            name: DEFINE,
            help: "NAME=SIZE: bind an Eclat size (repeatable, as eclat-transpile's -D)",
            values: &[],
            short: Some('D'),
            repeated: true,
        }],
        run: import_ecl,
    });
}

/// Reads the Eclat program `text` (named `file`) with the `-D` bindings of `values`.
pub fn import_ecl<'c>(
    ctx: &'c Context,
    text: &str,
    file: &str,
    values: &DriverValues,
) -> Result<Module<'c>, Diagnostic<'c>> {
    let loc = |p: Pos| ctx.file_loc(file, p.0, p.1);
    let mut defines: FxHashMap<String, i64> = FxHashMap::default();
    for d in values.get(DEFINE).unwrap_or("").lines() {
        for (n, v) in crate::graph::specialize::parse_sizes(d)
            .map_err(|m| Diagnostic::error(loc((1, 1)), format!("-D {d}: {m}")))?
        {
            defines.insert(n, v);
        }
    }
    let graphs = parse::parse(text).map_err(|(p, m)| Diagnostic::error(loc(p), m))?;
    let mut mbody = Body::new();
    let mregion = mbody.create_region();
    let mblock = mbody.create_block();
    mbody.append_block(mregion, mblock);
    let mut seen: FxHashMap<&str, Pos> = FxHashMap::default();
    for gr in &graphs {
        if let Some(&prev) = seen.get(gr.name.as_str()) {
            return Err(Diagnostic::error(
                loc(gr.pos),
                format!("redefinition of graph '{}'", gr.name),
            )
            .with_note(loc(prev), "previous definition here"));
        }
        seen.insert(&gr.name, gr.pos);
        let st =
            build_graph(ctx, gr, &defines, &loc).map_err(|(p, m)| Diagnostic::error(loc(p), m))?;
        let mut b = OpBuilder::new(ctx, &mut mbody);
        b.set_insertion_point(InsertPoint::BlockEnd(mblock));
        b.create(st);
    }
    Ok(Module::wrapping(ctx, mbody, mregion, loc((1, 1)), None))
}

type Err = (Pos, String);

/// A value while building: a tensor, or a number not yet typed.
#[derive(Clone, Copy, Debug)]
enum V {
    T(ValueId),
    Num(f64, bool),
}

struct Builder<'a, 'c> {
    ctx: &'c Context,
    body: Body<'c>,
    block: pto_ir::BlockId,
    loc: &'a dyn Fn(Pos) -> Location<'c>,
    sizes: &'a [String],
    defines: &'a FxHashMap<String, i64>,
    env: FxHashMap<String, V>,
}

fn dtype<'c>(ctx: &'c Context, name: &str) -> Option<Type<'c>> {
    use pto_ir::{FloatKind, Signedness};
    Some(match name {
        "f16" => ctx.float_type(FloatKind::F16),
        "bf16" => ctx.float_type(FloatKind::BF16),
        "f32" => ctx.float_type(FloatKind::F32),
        "f64" => ctx.float_type(FloatKind::F64),
        "i32" => ctx.int_type(32),
        "i64" => ctx.int_type(64),
        "u32" => ctx.intern_type(pto_ir::TypeKind::Integer {
            width: 32,
            signedness: Signedness::Unsigned,
        }),
        "u64" => ctx.intern_type(pto_ir::TypeKind::Integer {
            width: 64,
            signedness: Signedness::Unsigned,
        }),
        "bool" => ctx.int_type(1),
        _ => return None,
    })
}

fn build_graph<'c>(
    ctx: &'c Context,
    gr: &parse::Graph,
    defines: &FxHashMap<String, i64>,
    loc: &dyn Fn(Pos) -> Location<'c>,
) -> Result<OperationState<'c>, Err> {
    let mut body = Body::new();
    let region = body.create_region();
    let block = body.create_block();
    body.append_block(region, block);
    let mut b = Builder {
        ctx,
        body,
        block,
        loc,
        sizes: &gr.sizes,
        defines,
        env: FxHashMap::default(),
    };
    let mut inputs = Vec::new();
    for (name, ts, p) in &gr.params {
        let t = b.type_of(ts)?;
        let v = b.body.add_block_argument(block, t, loc(*p));
        if b.env.insert(name.clone(), V::T(v)).is_some() {
            return Err((*p, format!("parameter '{name}' is declared twice")));
        }
        inputs.push(t);
    }
    let result = b.type_of(&gr.result)?;
    for (name, e, _) in &gr.lets {
        let v = b.expr(e)?;
        b.env.insert(name.clone(), v);
    }
    let r = b.expr(&gr.ret)?;
    let r = b.tensor(r, None, gr.ret.pos())?;
    let rt = b.body.value_type(r);
    if rt != result {
        let show = |t| TensorInfo::of(t).map_or(format!("{t}"), |i| i.describe());
        return Err((
            gr.ret.pos(),
            format!(
                "returns {}, but the graph declares {}",
                show(rt),
                show(result)
            ),
        ));
    }
    b.create(g::ReturnOp::NAME, &[r], None, &[], gr.ret.pos());
    let sizes: Vec<pto_ir::Attribute<'c>> = gr
        .sizes
        .iter()
        .filter(|s| !defines.contains_key(*s))
        .map(|s| ctx.string_attr(s))
        .collect();
    let mut st = OperationState::new(ctx, OpName::of(ctx, g::GraphOp::NAME), loc(gr.pos));
    st.props = Some(ctx.dictionary_of(&[
        ("sym_name", ctx.string_attr(&gr.name)),
        (
            "function_type",
            ctx.type_attr(ctx.function_type(&inputs, &[result])),
        ),
        ("sizes", ctx.array_attr(&sizes)),
    ]));
    st.regions.push(region);
    st.nested = Some(Box::new(b.body));
    Ok(st)
}

impl<'c> Builder<'_, 'c> {
    fn dim(&self, s: &Size, pos: Pos) -> Result<Dim<'c>, Err> {
        match s {
            Size::Int(n) => Ok(Dim::Static(*n)),
            Size::Name(n) => {
                if let Some(&v) = self.defines.get(n) {
                    Ok(Dim::Static(v))
                } else if self.sizes.contains(n) {
                    Ok(Dim::Sym(self.ctx.alloc_str(n)))
                } else {
                    Err((pos, format!("size '{n}' is neither declared (graph<{n}, ...>) nor given (-D {n}=SIZE)")))
                }
            }
        }
    }

    fn type_of(&self, ts: &TypeSpec) -> Result<Type<'c>, Err> {
        let dt = dtype(self.ctx, &ts.dtype).ok_or_else(|| {
            (
                ts.pos,
                format!(
                    "unknown element type '{}' (f16, bf16, f32, f64, i32, i64, u32, u64, bool)",
                    ts.dtype
                ),
            )
        })?;
        let shape = ts
            .shape
            .iter()
            .map(|s| self.dim(s, ts.pos))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TensorInfo { shape, dtype: dt }.to_type(self.ctx))
    }

    /// Creates `name`; its result type is `ty` (or a placeholder the shape rule replaces).
    fn create(
        &mut self,
        name: &str,
        operands: &[ValueId],
        ty: Option<Type<'c>>,
        props: &[(&str, pto_ir::Attribute<'c>)],
        pos: Pos,
    ) -> OpId {
        let ctx = self.ctx;
        let mut b = OpBuilder::new(ctx, &mut self.body);
        b.set_insertion_point(InsertPoint::BlockEnd(self.block));
        let mut st = b.state(name, (self.loc)(pos));
        st.operands.extend_from_slice(operands);
        st.result_types.extend(ty);
        if !props.is_empty() {
            st.props = Some(ctx.dictionary_of(props));
        }
        b.create(st)
    }

    /// Creates an op whose result type `rule` infers from a placeholder `ty`.
    fn infer(
        &mut self,
        name: &str,
        operands: &[ValueId],
        ty: Type<'c>,
        props: &[(&str, pto_ir::Attribute<'c>)],
        pos: Pos,
        rule: fn(&Body<'c>, OpId) -> Result<TensorInfo<'c>, String>,
    ) -> Result<V, Err> {
        let op = self.create(name, operands, Some(ty), props, pos);
        let info = rule(&self.body, op).map_err(|m| (pos, m))?;
        let r = self.body.result(op, 0);
        self.body.set_value_type(r, info.to_type(self.ctx));
        Ok(V::T(r))
    }

    fn info(&self, v: ValueId) -> TensorInfo<'c> {
        TensorInfo::of(self.body.value_type(v)).expect("every value is a tensor")
    }

    /// `v` as a tensor; a number becomes a scalar constant of `like`'s element type
    /// (or `f32`).
    fn tensor(&mut self, v: V, like: Option<Type<'c>>, pos: Pos) -> Result<ValueId, Err> {
        match v {
            V::T(t) => Ok(t),
            V::Num(x, _) => {
                let ctx = self.ctx;
                let dt = like.unwrap_or_else(|| ctx.float_type(pto_ir::FloatKind::F32));
                let attr = match dt.float_kind() {
                    Some(k) => crate::float_attr(ctx, dt, k, &format!("{x:e}")),
                    None if x.fract() == 0.0 && dt.is_signless_int(1) => {
                        Some(ctx.int_attr(dt, i128::from(x != 0.0)))
                    }
                    None if x.fract() == 0.0 => Some(ctx.int_attr(dt, x as i128)),
                    None => None,
                }
                .ok_or_else(|| (pos, format!("{x} is not a value of {dt}")))?;
                let t = TensorInfo {
                    shape: vec![],
                    dtype: dt,
                }
                .to_type(ctx);
                let op = self.create(g::ConstantOp::NAME, &[], Some(t), &[("value", attr)], pos);
                Ok(self.body.result(op, 0))
            }
        }
    }

    fn expr(&mut self, e: &Expr) -> Result<V, Err> {
        match e {
            Expr::Var(n, p) => self
                .env
                .get(n)
                .copied()
                .ok_or_else(|| (*p, format!("undefined name '{n}'"))),
            Expr::Num(x, int, _) => Ok(V::Num(*x, *int)),
            Expr::Neg(x, p) => match self.expr(x)? {
                V::Num(v, i) => Ok(V::Num(-v, i)),
                V::T(t) => self.unary(UnaryKind::Neg, t, *p),
            },
            Expr::Bin(op, a, b, p) => {
                let kind = match op.as_str() {
                    "+" => BinaryKind::Add,
                    "-" => BinaryKind::Sub,
                    "*" => BinaryKind::Mul,
                    "/" => BinaryKind::Div,
                    "<" => BinaryKind::Lt,
                    "<=" => BinaryKind::Le,
                    ">" => BinaryKind::Gt,
                    ">=" => BinaryKind::Ge,
                    "==" => BinaryKind::Eq,
                    _ => BinaryKind::Ne,
                };
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                self.binary(kind, a, b, *p)
            }
            Expr::Call(name, args, p) => self.call(name, args, *p),
        }
    }

    fn unary(&mut self, kind: UnaryKind, x: ValueId, pos: Pos) -> Result<V, Err> {
        let ty = self.body.value_type(x);
        let attr = g::UnaryKindAttr::get(self.ctx, kind).attr();
        self.infer(
            g::UnaryOp::NAME,
            &[x],
            ty,
            &[("kind", attr)],
            pos,
            shapes::unary,
        )
    }

    fn binary(&mut self, kind: BinaryKind, a: V, b: V, pos: Pos) -> Result<V, Err> {
        let like = |v: V, s: &Self| match v {
            V::T(t) => Some(s.info(t).dtype),
            V::Num(..) => None,
        };
        let dt = like(a, self).or(like(b, self));
        let a = self.tensor(a, dt, pos)?;
        let b = self.tensor(b, dt, pos)?;
        let placeholder = TensorInfo {
            shape: vec![],
            dtype: self.ctx.int_type(1),
        }
        .to_type(self.ctx);
        let attr = g::BinaryKindAttr::get(self.ctx, kind).attr();
        self.infer(
            g::BinaryOp::NAME,
            &[a, b],
            placeholder,
            &[("kind", attr)],
            pos,
            shapes::binary,
        )
    }

    fn call(&mut self, name: &str, args: &[Arg], pos: Pos) -> Result<V, Err> {
        let positional: Vec<&Arg> = args
            .iter()
            .filter(|a| !matches!(a, Arg::Named(..)))
            .collect();
        let named = |key: &str| {
            args.iter().find_map(|a| match a {
                Arg::Named(k, v, _) if k == key => Some(&**v),
                _ => None,
            })
        };
        let arity = |n: usize| -> Result<(), Err> {
            if positional.len() == n {
                Ok(())
            } else {
                Err((
                    pos,
                    format!(
                        "{name} takes {n} positional argument{}, got {}",
                        if n == 1 { "" } else { "s" },
                        positional.len()
                    ),
                ))
            }
        };
        let unary = match name {
            "sqrt" => Some(UnaryKind::Sqrt),
            "exp" => Some(UnaryKind::Exp),
            "log" | "ln" => Some(UnaryKind::Log),
            "exp2" => Some(UnaryKind::Exp2),
            "log2" => Some(UnaryKind::Log2),
            "sin" => Some(UnaryKind::Sin),
            "cos" => Some(UnaryKind::Cos),
            "abs" => Some(UnaryKind::Abs),
            "recip" => Some(UnaryKind::Recip),
            "neg" => Some(UnaryKind::Neg),
            _ => None,
        };
        if let Some(k) = unary {
            arity(1)?;
            let x = self.arg_tensor(positional[0], None)?;
            return self.unary(k, x, pos);
        }
        match name {
            "sum" | "max" | "min" if positional.len() == 2 && named("axis").is_none() => {
                let (a, b) = (
                    self.arg_value(positional[0])?,
                    self.arg_value(positional[1])?,
                );
                let kind = match name {
                    "max" => BinaryKind::Max,
                    "min" => BinaryKind::Min,
                    _ => return Err((pos, "sum takes one tensor and axis=N".into())),
                };
                self.binary(kind, a, b, pos)
            }
            "sum" | "max" | "min" => {
                arity(1)?;
                let x = self.arg_tensor(positional[0], None)?;
                let rank = self.info(x).shape.len() as i64;
                let axis = self.axis(named("axis"), rank, pos)?;
                let kind = match name {
                    "sum" => ReduceKind::Sum,
                    "max" => ReduceKind::Max,
                    _ => ReduceKind::Min,
                };
                let ctx = self.ctx;
                let ty = self.body.value_type(x);
                self.infer(
                    g::ReduceOp::NAME,
                    &[x],
                    ty,
                    &[
                        ("kind", g::ReduceKindAttr::get(ctx, kind).attr()),
                        ("axis", ctx.int_attr(ctx.int_type(64), i128::from(axis))),
                    ],
                    pos,
                    shapes::reduce,
                )
            }
            "where" => {
                arity(3)?;
                let c = self.arg_tensor(positional[0], Some(self.ctx.int_type(1)))?;
                let (a, b) = (
                    self.arg_value(positional[1])?,
                    self.arg_value(positional[2])?,
                );
                let dt = [a, b].iter().find_map(|v| match v {
                    V::T(t) => Some(self.info(*t).dtype),
                    V::Num(..) => None,
                });
                let a = self.tensor(a, dt, pos)?;
                let b = self.tensor(b, dt, pos)?;
                let ty = self.body.value_type(a);
                self.infer(g::WhereOp::NAME, &[c, a, b], ty, &[], pos, shapes::where_)
            }
            "cast" => {
                arity(2)?;
                let x = self.arg_tensor(positional[0], None)?;
                let dt = match positional[1] {
                    Arg::Expr(Expr::Var(n, p)) => dtype(self.ctx, n)
                        .ok_or_else(|| (*p, format!("unknown element type '{n}'")))?,
                    _ => {
                        return Err((
                            pos,
                            "cast takes a tensor and an element type (cast(x, f16))".into(),
                        ))
                    }
                };
                let mut info = self.info(x);
                info.dtype = dt;
                let ty = info.to_type(self.ctx);
                self.infer(g::CastOp::NAME, &[x], ty, &[], pos, shapes::cast)
            }
            "randu" | "randn" => {
                arity(1)?;
                let shape = self.arg_list(positional[0])?;
                let shape = shape
                    .iter()
                    .map(|s| self.dim(s, pos))
                    .collect::<Result<Vec<_>, _>>()?;
                let seed = match named("seed") {
                    Some(Arg::Expr(Expr::Num(v, true, _))) => *v as i64,
                    None => 0,
                    Some(_) => return Err((pos, "seed must be an integer".into())),
                };
                let ctx = self.ctx;
                let kind = if name == "randu" {
                    g::RandKind::Uniform
                } else {
                    g::RandKind::Normal
                };
                let ty = TensorInfo {
                    shape,
                    dtype: ctx.float_type(pto_ir::FloatKind::F32),
                }
                .to_type(ctx);
                self.infer(
                    g::RandOp::NAME,
                    &[],
                    ty,
                    &[
                        ("kind", g::RandKindAttr::get(ctx, kind).attr()),
                        ("seed", ctx.int_attr(ctx.int_type(64), i128::from(seed))),
                    ],
                    pos,
                    shapes::rand,
                )
            }
            _ => self.movement(name, &positional, &named, pos),
        }
    }

    fn movement<'n>(
        &mut self,
        name: &str,
        positional: &[&Arg],
        named: &dyn Fn(&str) -> Option<&'n Arg>,
        pos: Pos,
    ) -> Result<V, Err> {
        let kind = match name {
            "permute" => MoveKind::Permute,
            "expand" => MoveKind::Expand,
            "reshape" => MoveKind::Reshape,
            "pad" => MoveKind::Pad,
            "shrink" => MoveKind::Shrink,
            "stride" => MoveKind::Stride,
            "flip" => MoveKind::Flip,
            "unsqueeze" => MoveKind::Unsqueeze,
            "squeeze" => MoveKind::Squeeze,
            "contiguous" => MoveKind::Contiguous,
            "floor" | "prod" => {
                return Err((
                    pos,
                    format!("'{name}' has no Harp operation (Harp's ALU has no {name})"),
                ))
            }
            _ => return Err((pos, format!("unknown function '{name}'"))),
        };
        let Some(first) = positional.first() else {
            return Err((pos, format!("{name} takes a tensor first")));
        };
        let x = self.arg_tensor(first, None)?;
        let mut info = self.info(x);
        let rank = info.shape.len() as i64;
        let ints = |s: &Self, a: Option<&&Arg>| -> Result<Vec<i64>, Err> {
            let a =
                a.ok_or_else(|| (pos, format!("{name} takes a list ([...]) after the tensor")))?;
            s.arg_list(a)?
                .iter()
                .map(|d| match d {
                    Size::Int(n) => Ok(*n),
                    Size::Name(n) => s.defines.get(n).copied().ok_or_else(|| {
                        (
                            pos,
                            format!(
                                "{name} needs integers here, and '{n}' is not bound (-D {n}=SIZE)"
                            ),
                        )
                    }),
                })
                .collect()
        };
        let args: Vec<i64> = match kind {
            MoveKind::Permute | MoveKind::Pad | MoveKind::Shrink | MoveKind::Stride => {
                ints(self, positional.get(1))?
            }
            MoveKind::Flip | MoveKind::Squeeze => vec![self.axis(named("axis"), rank, pos)?],
            MoveKind::Unsqueeze => vec![self.axis(named("axis"), rank + 1, pos)?],
            MoveKind::Expand | MoveKind::Reshape => {
                let a = positional
                    .get(1)
                    .ok_or_else(|| (pos, format!("{name} takes a target shape ([...])")))?;
                let shape = self.arg_list(a)?;
                info.shape = shape
                    .iter()
                    .map(|s| self.dim(s, pos))
                    .collect::<Result<Vec<_>, _>>()?;
                vec![]
            }
            MoveKind::Contiguous => vec![],
        };
        let ctx = self.ctx;
        let ty = info.to_type(ctx);
        self.infer(
            g::MoveOp::NAME,
            &[x],
            ty,
            &[
                ("kind", g::MoveKindAttr::get(ctx, kind).attr()),
                ("args", ctx.dense_int_array(64, &args)),
            ],
            pos,
            shapes::movement,
        )
    }

    fn axis(&self, a: Option<&Arg>, rank: i64, pos: Pos) -> Result<i64, Err> {
        let v = match a {
            Some(Arg::Expr(Expr::Num(v, true, _))) => *v as i64,
            Some(Arg::Expr(Expr::Neg(inner, _))) if matches!(**inner, Expr::Num(_, true, _)) => {
                match **inner {
                    Expr::Num(v, _, _) => -(v as i64),
                    _ => unreachable!("matched"),
                }
            }
            _ => return Err((pos, "expected axis=N (an integer)".into())),
        };
        let axis = if v < 0 { v + rank } else { v };
        if axis < 0 || axis >= rank {
            return Err((
                pos,
                format!(
                    "axis {v} is out of range for rank {}",
                    if rank > 0 { rank } else { 0 }
                ),
            ));
        }
        Ok(axis)
    }

    fn arg_value(&mut self, a: &Arg) -> Result<V, Err> {
        match a {
            Arg::Expr(e) => self.expr(e),
            Arg::List(_, p) | Arg::Named(_, _, p) => Err((*p, "expected a tensor here".into())),
        }
    }

    fn arg_tensor(&mut self, a: &Arg, like: Option<Type<'c>>) -> Result<ValueId, Err> {
        let v = self.arg_value(a)?;
        let pos = match a {
            Arg::Expr(e) => e.pos(),
            Arg::List(_, p) | Arg::Named(_, _, p) => *p,
        };
        self.tensor(v, like, pos)
    }

    fn arg_list(&self, a: &Arg) -> Result<Vec<Size>, Err> {
        match a {
            Arg::List(l, _) => Ok(l.clone()),
            Arg::Named(_, v, _) => self.arg_list(v),
            Arg::Expr(e) => Err((e.pos(), "expected a list ([...])".into())),
        }
    }
}
