//! `convert-deepx-to-pypto`: each `deepx.func` becomes a PyPTO InCore `func.func`.
//! DeepX names become SSA values as mem2reg makes them: walking the function in order,
//! each name's current value is what was last written to it, and an op's write is a
//! new value of that name. Read parameters that are tensors or scalars stay
//! parameters (lists and strings must have been specialized away), write parameters
//! become results, `newtensor`/`deltensor` disappear. Ops become `pypto` tensor ops
//! (built with their types deduced, as PyPTO's importer builds them); GELU is its
//! tanh form in exp and arithmetic, `scalar - A` and `scalar / A` are `neg`/`recip`
//! then the scalar op, reductions (`sum`, `prod`, `reducemax`, `reducemin`) over any
//! axis of a matrix are row reductions (with transposes around them for axis 0), and
//! `concat` is a new tensor the parts are assembled into. `?N` is PyPTO's symbolic
//! dimension `dN`.
//!
//! What PyPTO cannot express is an error at the op: fills and random init
//! (`constant`, `zeros`, `arange`, `uniform`, `normal`, `dropout`), io, compares and
//! `switch` (PyPTO has no bool tensors), `pow`, `sin`/`cos`/`tan`, `invert`,
//! `broadcastTo`, `repeat`, `indexselect`; so is a tensor read before anything is
//! written to it.

use rustc_hash::FxHashMap;

use pto_dialects::func;
use pto_ir::builder::OpBuilder;
use pto_ir::{
    AttrKind, Attribute, Body, Context, Diagnostic, InsertPoint, Location, NamedAttribute, OpId,
    Type, ValueId,
};
use pto_pass::{Pass, PassTarget};
use pto_pypto::build::PyptoBuilder;
use pto_pypto::types::{Dim as PDim, Shaped};
use pto_pypto::{FunctionKind, FunctionKindAttr, FUNCTION_TYPE_ATTR};

use crate::types::{deepx_spelling, dtype_name, Dim, TensorInfo};
use crate::verify::{const_ints, located, value_name};
use crate::*;

/// Whether a read parameter of type `t` stays a parameter (tensors and scalars; lists
/// and strings are compiled in).
pub fn passed(t: Type<'_>) -> bool {
    TensorInfo::of(t).is_some() || dtype_name(t).is_some()
}

impl Pass for crate::ConvertDeepXToPyPTO {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let Some(block) = target.body.root_entry_block() else {
            return Ok(());
        };
        let funcs: Vec<OpId> = target
            .body
            .block_ops(block)
            .filter(|&op| FuncOp::from_op(target.body, op).is_some())
            .collect();
        let mut lowered = 0;
        for f in funcs {
            let (st, n) = convert(ctx, target.body, f)?;
            lowered += n;
            let mut b = OpBuilder::new(ctx, target.body);
            b.set_insertion_point(InsertPoint::Before(f));
            b.create(st);
            target
                .body
                .erase_op(f)
                .map_err(|_| Diagnostic::error(target.loc, "cannot erase a lowered deepx.func"))?;
        }
        target
            .statistics
            .add(crate::ConvertDeepXToPyPTO::NUM_LOWERED, lowered);
        Ok(())
    }
}

/// The PyPTO type of a DeepX value type.
fn pypto_type<'c>(ctx: &'c Context, t: Type<'c>) -> Result<Type<'c>, String> {
    if let Some(info) = TensorInfo::of(t) {
        let Some(shape) = info.shape else {
            return Err(format!("a {} has no known shape", deepx_spelling(t)));
        };
        let dims = shape
            .iter()
            .map(|d| match *d {
                Dim::Static(n) => Ok(PDim::Const(n)),
                Dim::Var(n) => Ok(PDim::Sym(ctx.alloc_str(&format!("d{n}")))),
                Dim::Any => Err(format!(
                    "a {} has a dimension of any size ('?')",
                    deepx_spelling(t)
                )),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let dtype = info
            .dtype
            .filter(|d| dtype_name(*d).is_some())
            .ok_or_else(|| format!("a {} has no single data type", deepx_spelling(t)))?;
        return Ok(Shaped::tensor(dims, dtype).build(ctx));
    }
    if dtype_name(t).is_some() {
        return Ok(t);
    }
    Err(format!("a {} is not a tensor or scalar", deepx_spelling(t)))
}

struct Lowerer<'a, 'b, 'c> {
    ctx: &'c Context,
    src: &'a Body<'c>,
    b: &'a mut OpBuilder<'b, 'c>,
    /// The current value of each DeepX value (a name's latest write).
    env: FxHashMap<ValueId, ValueId>,
    count: u64,
}

fn fail<'c, T>(loc: Location<'c>, msg: impl Into<String>) -> Result<T, Diagnostic<'c>> {
    Err(Diagnostic::error(loc, msg.into()))
}

/// The `func.func` state of DeepX function `f` and the number of ops lowered.
fn convert<'c>(
    ctx: &'c Context,
    module: &Body<'c>,
    f: OpId,
) -> Result<(pto_ir::OperationState<'c>, u64), Diagnostic<'c>> {
    let floc = module.op_loc(f);
    let name = FuncOp(f)
        .sym_name(module)
        .and_then(|a| a.as_str())
        .unwrap_or("f")
        .to_string();
    let src = module.region_body(f);
    let Some(entry) = src.root_entry_block() else {
        return fail(floc, format!("'{name}' has no body"));
    };
    let n_reads = FuncOp(f).num_reads(module);
    let args = src.block_args(entry).to_vec();
    let mut body = Body::new();
    let region = body.create_region();
    let block = body.create_block();
    body.append_block(region, block);
    let mut env = FxHashMap::default();
    let mut inputs = Vec::new();
    for &a in &args[..n_reads.min(args.len())] {
        let t = src.value_type(a);
        if !passed(t) {
            continue;
        }
        let pt = pypto_type(ctx, t).or_else(|e| {
            fail(
                located(src.value_loc(a), floc),
                format!("cannot lower '{}' of '{name}': {e}", value_name(src, a)),
            )
        })?;
        let v = body.add_block_argument(block, pt, src.value_loc(a));
        env.insert(a, v);
        inputs.push(pt);
    }
    let mut results = Vec::new();
    for &a in &args[n_reads.min(args.len())..] {
        let pt = pypto_type(ctx, src.value_type(a)).or_else(|e| {
            fail(
                located(src.value_loc(a), floc),
                format!("cannot lower '{}' of '{name}': {e}", value_name(src, a)),
            )
        })?;
        results.push(pt);
    }
    let mut b = OpBuilder::new(ctx, &mut body);
    b.set_insertion_point(InsertPoint::BlockEnd(block));
    let mut l = Lowerer {
        ctx,
        src,
        b: &mut b,
        env,
        count: 0,
    };
    for op in src.block_ops(entry) {
        l.op(op)?;
    }
    let mut outs = Vec::new();
    for &a in &args[n_reads.min(args.len())..] {
        match l.env.get(&a) {
            Some(&v) => outs.push(v),
            None => {
                return fail(
                    floc,
                    format!(
                        "'{name}' never writes its write parameter '{}'",
                        value_name(src, a)
                    ),
                );
            }
        }
    }
    let count = l.count;
    let mut st = b.state(func::ReturnOp::NAME, floc);
    st.operands.extend(outs);
    b.create(st);
    let fty = ctx.function_type(&inputs, &results);
    let op_name = pto_ir::OpName {
        name: ctx.ident(func::FuncOp::NAME),
        def: ctx.op_def(func::FuncOp::NAME),
    };
    let mut st = pto_ir::OperationState::new(ctx, op_name, floc);
    let named = |k: &str, v: Attribute<'c>| NamedAttribute {
        name: ctx.ident(k),
        value: v,
    };
    st.props = Some(ctx.dictionary(&[
        named("sym_name", ctx.string_attr(&name)),
        named("function_type", ctx.type_attr(fty)),
    ]));
    st.attrs = ctx.dictionary(&[named(
        FUNCTION_TYPE_ATTR,
        FunctionKindAttr::get(ctx, FunctionKind::InCore).attr(),
    )]);
    st.regions.push(region);
    st.nested = Some(Box::new(body));
    Ok((st, count))
}

impl<'b, 'c> Lowerer<'_, 'b, 'c> {
    fn pb(&mut self, loc: Location<'c>) -> PyptoBuilder<'_, 'b, 'c> {
        PyptoBuilder {
            b: &mut *self.b,
            loc,
        }
    }

    /// The current value of tensor `v` (read at `op`).
    fn tensor(&self, op: OpId, v: ValueId) -> Result<ValueId, Diagnostic<'c>> {
        match self.env.get(&v) {
            Some(&x) => Ok(x),
            None => fail(
                self.src.op_loc(op),
                format!("'{}' is read before anything is written to it (newtensor's zeros are not lowered)", value_name(self.src, v)),
            ),
        }
    }

    /// A scalar operand, as a value of type `like` (the tensor's data type).
    fn scalar(&mut self, op: OpId, v: ValueId, like: Type<'c>) -> Result<ValueId, Diagnostic<'c>> {
        let loc = self.src.op_loc(op);
        if let Some(c) = self
            .src
            .defining_op(v)
            .and_then(|o| ConstOp::from_op(self.src, o))
        {
            let value = c
                .value(self.src)
                .ok_or_else(|| Diagnostic::error(loc, "a constant without a value"))?;
            let attr = match *value.kind() {
                AttrKind::Integer { value, .. } if like.float_kind().is_some() => {
                    crate::float_attr(self.ctx, like, &value.to_string())
                }
                AttrKind::Float { .. } if like.float_kind().is_some() => crate::float_attr(
                    self.ctx,
                    like,
                    &format!("{:e}", value.as_f64().unwrap_or(0.0)),
                ),
                AttrKind::Integer { value, .. } => Some(self.ctx.int_attr(like, value)),
                _ => None,
            };
            let Some(attr) = attr else {
                return fail(loc, format!("the constant {value} cannot be a {like}"));
            };
            let c = pto_pypto::ConstOp::build(self.b, loc, like, attr);
            return Ok(self.b.body().result(c.0, 0));
        }
        let Some(&x) = self.env.get(&v) else {
            return fail(
                loc,
                format!(
                    "'{}' must be known when compiling (give it on the command line)",
                    value_name(self.src, v)
                ),
            );
        };
        if self.b.body().value_type(x) == like {
            return Ok(x);
        }
        let mut st = self.b.state(pto_pypto::CastOp::NAME, loc);
        st.operands.push(x);
        st.result_types.push(like);
        let c = self.b.create(st);
        Ok(self.b.body().result(c, 0))
    }

    fn dtype_of(&mut self, v: ValueId) -> Option<Type<'c>> {
        Shaped::of(self.b.body().value_type(v)).map(|s| s.dtype)
    }

    fn ints(&self, op: OpId, v: ValueId, what: &str) -> Result<Vec<i64>, Diagnostic<'c>> {
        const_ints(self.src, v).ok_or_else(|| {
            Diagnostic::error(
                self.src.op_loc(op),
                format!(
                    "{what} must be known when compiling (a literal, or given on the command line)"
                ),
            )
        })
    }

    fn write(&mut self, op: OpId, v: ValueId) {
        let roles = write_operands(self.src, op);
        if let Some(&w) = roles.first() {
            self.env.insert(w, v);
        }
    }

    fn op(&mut self, op: OpId) -> Result<(), Diagnostic<'c>> {
        let src = self.src;
        let loc = src.op_loc(op);
        let kind = crate::mnemonic(src, op);
        let operand = |i: usize| src.operand(op, i);
        macro_rules! tensor_op {
            ($name:expr, $ops:expr) => {{
                let ops: Vec<ValueId> = $ops;
                self.pb(loc).value($name, &ops, &[])?
            }};
        }
        let result = if ConstOp::from_op(src, op).is_some()
            || ListOp::from_op(src, op).is_some()
            || NewTensorOp::from_op(src, op).is_some()
            || DelTensorOp::from_op(src, op).is_some()
        {
            return Ok(());
        } else if CopyTensorOp::from_op(src, op).is_some() {
            self.tensor(op, operand(0))?
        } else if CloneTensorOp::from_op(src, op).is_some()
            || RenameTensorOp::from_op(src, op).is_some()
        {
            let v = self.tensor(op, operand(0))?;
            self.env.insert(src.result(op, 0), v);
            self.count += 1;
            return Ok(());
        } else if let Some(name) = binary(src, op) {
            let (a, b) = (self.tensor(op, operand(0))?, self.tensor(op, operand(1))?);
            tensor_op!(name, vec![a, b])
        } else if let Some((name, reversed)) = with_scalar(src, op) {
            let (t, s) = if reversed {
                (operand(1), operand(0))
            } else {
                (operand(0), operand(1))
            };
            let a = self.tensor(op, t)?;
            let dt = self.dtype_of(a).expect("a tensor");
            let s = self.scalar(op, s, dt)?;
            match (name, reversed) {
                // scalar - A = (-A) + scalar; scalar / A = recip(A) * scalar.
                (n, true) if n == TensorSubScalarOp::NAME => {
                    let neg = tensor_op!(pto_pypto::TensorNegOp::NAME, vec![a]);
                    tensor_op!(pto_pypto::TensorAddScalarOp::NAME, vec![neg, s])
                }
                (n, true) if n == TensorDivScalarOp::NAME => {
                    let r = tensor_op!(pto_pypto::TensorRecipOp::NAME, vec![a]);
                    tensor_op!(pto_pypto::TensorMulScalarOp::NAME, vec![r, s])
                }
                (n, _) => tensor_op!(n, vec![a, s]),
            }
        } else if let Some(name) = unary(src, op) {
            let a = self.tensor(op, operand(0))?;
            tensor_op!(name, vec![a])
        } else if GeluOp::from_op(src, op).is_some() {
            self.gelu(op, loc)?
        } else if ToDTypeOp::from_op(src, op).is_some() {
            let a = self.tensor(op, operand(0))?;
            let to = TensorInfo::of(src.value_type(operand(1)))
                .and_then(|i| i.dtype)
                .filter(|d| dtype_name(*d).is_some());
            let Some(to) = to else {
                return fail(loc, "todtype needs the written tensor's data type");
            };
            let to = self.ctx.type_attr(to);
            self.pb(loc)
                .value(pto_pypto::TensorCastOp::NAME, &[a], &[("target_type", to)])?
        } else if MatmulOp::from_op(src, op).is_some() {
            let (a, b) = (self.tensor(op, operand(0))?, self.tensor(op, operand(1))?);
            tensor_op!(pto_pypto::TensorMatmulOp::NAME, vec![a, b])
        } else if let Some(name) = reduction(src, op) {
            self.reduce(op, name, loc)?
        } else if ConcatOp::from_op(src, op).is_some() {
            self.concat(op, loc)?
        } else if ReshapeOp::from_op(src, op).is_some() {
            let a = self.tensor(op, operand(0))?;
            let shape = self.ints(op, operand(1), "the shape")?;
            let shape = resolve_reshape(&shape, self.b.body().value_type(a)).ok_or_else(|| {
                Diagnostic::error(loc, "reshape: the shape does not fit the elements")
            })?;
            self.pb(loc).reshape(a, &shape)?
        } else if TransposeOp::from_op(src, op).is_some() {
            let a = self.tensor(op, operand(0))?;
            let perm = self.ints(op, operand(1), "dim_order")?;
            self.transpose(a, &perm, loc)?
        } else {
            return fail(loc, format!("deepx.{kind} has no lowering to pypto (PyPTO's tensor level has no counterpart)"));
        };
        self.count += 1;
        self.write(op, result);
        Ok(())
    }

    /// GELU's tanh form: x * sigmoid(2 sqrt(2/pi) (x + 0.044715 x^3))
    /// = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
    fn gelu(&mut self, op: OpId, loc: Location<'c>) -> Result<ValueId, Diagnostic<'c>> {
        let x = self.tensor(op, self.src.operand(op, 0))?;
        let dt = self.dtype_of(x).expect("a tensor");
        let k = |me: &mut Self, v: f64| -> Result<ValueId, Diagnostic<'c>> {
            let Some(a) = crate::float_attr(me.ctx, dt, &format!("{v:e}")) else {
                return fail(loc, format!("gelu needs a float tensor, got {dt}"));
            };
            let c = pto_pypto::ConstOp::build(me.b, loc, dt, a);
            Ok(me.b.body().result(c.0, 0))
        };
        let c1 = k(self, 0.044715)?;
        let c2 = k(self, -2.0 * (2.0 / std::f64::consts::PI).sqrt())?;
        let one = k(self, 1.0)?;
        let mut p = self.pb(loc);
        let x2 = p.value(pto_pypto::TensorMulOp::NAME, &[x, x], &[])?;
        let x3 = p.value(pto_pypto::TensorMulOp::NAME, &[x2, x], &[])?;
        let t = p.value(pto_pypto::TensorMulScalarOp::NAME, &[x3, c1], &[])?;
        let u = p.value(pto_pypto::TensorAddOp::NAME, &[x, t], &[])?;
        let z = p.value(pto_pypto::TensorMulScalarOp::NAME, &[u, c2], &[])?;
        let e = p.value(pto_pypto::TensorExpOp::NAME, &[z], &[])?;
        let d = p.value(pto_pypto::TensorAddScalarOp::NAME, &[e, one], &[])?;
        p.value(pto_pypto::TensorDivOp::NAME, &[x, d], &[])
    }

    /// `sum`/`reducemax` of a matrix over its axes: row reductions (axis 0 between two
    /// transposes), `keepdims` false as a reshape.
    fn reduce(
        &mut self,
        op: OpId,
        name: &'static str,
        loc: Location<'c>,
    ) -> Result<ValueId, Diagnostic<'c>> {
        let src = self.src;
        let mut x = self.tensor(op, src.operand(op, 0))?;
        let axes = self.ints(op, src.operand(op, 1), "the axes")?;
        let keep = self
            .ints(op, src.operand(op, 2), "keepdims")?
            .first()
            .copied()
            == Some(1);
        let shape = Shaped::of(self.b.body().value_type(x))
            .expect("a tensor")
            .shape;
        let rank = shape.len() as i64;
        if rank != 2 && rank != 1 {
            return fail(
                loc,
                format!("reductions lower for matrices and vectors, got rank {rank}"),
            );
        }
        let mut norm: Vec<i64> = if axes.is_empty() {
            (0..rank).collect()
        } else {
            axes.iter()
                .map(|&a| if a < 0 { a + rank } else { a })
                .collect()
        };
        norm.sort_unstable();
        norm.dedup();
        if rank == 1 {
            // A vector as one row.
            let n = shape[0].as_const().ok_or_else(|| {
                Diagnostic::error(loc, "a vector of symbolic size cannot be reduced here")
            })?;
            x = self.pb(loc).reshape(x, &[1, n])?;
            norm = vec![1];
        }
        let p = |me: &mut Self, v: ValueId| -> Result<ValueId, Diagnostic<'c>> {
            let axis = me.pb(loc).int_kw(1);
            let keep = me.pb(loc).bool_kw(true);
            me.pb(loc)
                .value(name, &[v], &[("axis", axis), ("keep_dim", keep)])
        };
        for &a in norm.iter().rev() {
            x = if a == 1 {
                p(self, x)?
            } else {
                let t = self.transpose(x, &[1, 0], loc)?;
                let r = p(self, t)?;
                self.transpose(r, &[1, 0], loc)?
            };
        }
        let out = Shaped::of(self.b.body().value_type(x))
            .expect("a tensor")
            .shape;
        if rank == 1 || !keep {
            let mut dims: Vec<i64> = Vec::new();
            for (i, d) in out.iter().enumerate() {
                let reduced = rank == 1 || norm.contains(&(i as i64));
                if reduced {
                    continue;
                }
                dims.push(d.as_const().ok_or_else(|| {
                    Diagnostic::error(loc, "dropping reduced dimensions needs static sizes")
                })?);
            }
            if rank == 1 && keep {
                dims = vec![1];
            }
            if dims.is_empty() {
                dims.push(1);
            }
            x = self.pb(loc).reshape(x, &dims)?;
        }
        Ok(x)
    }

    /// `concat` of a list of tensors along an axis: a new tensor each is assembled into
    /// at its offset.
    fn concat(&mut self, op: OpId, loc: Location<'c>) -> Result<ValueId, Diagnostic<'c>> {
        let src = self.src;
        let Some(list) = src
            .defining_op(src.operand(op, 0))
            .filter(|&l| ListOp::from_op(src, l).is_some())
        else {
            return fail(loc, "concat lowers for a list written as [a, b, ...]");
        };
        let parts: Vec<ValueId> = src.operands(list).collect();
        let axis = self
            .ints(op, src.operand(op, 1), "the axis")?
            .first()
            .copied()
            .unwrap_or(0);
        let mut vals = Vec::new();
        for &p in &parts {
            vals.push(self.tensor(op, p)?);
        }
        let shapes: Vec<Vec<i64>> = vals
            .iter()
            .map(|&v| Shaped::of(self.b.body().value_type(v)).and_then(|s| s.static_shape()))
            .collect::<Option<_>>()
            .ok_or_else(|| Diagnostic::error(loc, "concat lowers for static shapes"))?;
        let Some(first) = shapes.first() else {
            return fail(loc, "concat of no tensors");
        };
        let rank = first.len() as i64;
        let axis = if axis < 0 { axis + rank } else { axis };
        if !(0..rank).contains(&axis) {
            return fail(loc, format!("concat axis is out of range for rank {rank}"));
        }
        let a = axis as usize;
        let mut out = first.clone();
        out[a] = shapes.iter().map(|s| s[a]).sum();
        let dt = self.dtype_of(vals[0]).expect("a tensor");
        let ctx = self.ctx;
        let mut p = self.pb(loc);
        let dims: Vec<ValueId> = out.iter().map(|&d| p.i64(d)).collect();
        let mut acc = p.value(
            pto_pypto::TensorCreateOp::NAME,
            &dims,
            &[("dtype", ctx.type_attr(dt))],
        )?;
        let mut at = 0;
        for (v, s) in vals.iter().zip(&shapes) {
            let offsets: Vec<ValueId> = (0..out.len())
                .map(|i| p.i64(if i == a { at } else { 0 }))
                .collect();
            let mut operands = vec![acc, *v];
            operands.extend(offsets);
            acc = p.value(pto_pypto::TensorAssembleOp::NAME, &operands, &[])?;
            at += s[a];
        }
        Ok(acc)
    }

    /// A permutation as a sequence of two-axis swaps (PyPTO's transpose).
    fn transpose(
        &mut self,
        mut x: ValueId,
        perm: &[i64],
        loc: Location<'c>,
    ) -> Result<ValueId, Diagnostic<'c>> {
        let mut cur: Vec<i64> = (0..perm.len() as i64).collect();
        for i in 0..perm.len() {
            if cur[i] == perm[i] {
                continue;
            }
            let j = cur
                .iter()
                .position(|&c| c == perm[i])
                .ok_or_else(|| Diagnostic::error(loc, "dim_order is not a permutation"))?;
            cur.swap(i, j);
            let (a1, a2) = (self.pb(loc).int_kw(i as i64), self.pb(loc).int_kw(j as i64));
            x = self.pb(loc).value(
                TensorTransposeOp::NAME,
                &[x],
                &[("axis1", a1), ("axis2", a2)],
            )?;
        }
        Ok(x)
    }
}

/// The written operands of `op` (its `MemWrite` groups).
fn write_operands(body: &Body<'_>, op: OpId) -> Vec<ValueId> {
    let Some(spec) = body.op_name(op).def.and_then(|d| d.spec) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (g, group) in spec.operands.iter().enumerate() {
        if group.effects.0 & pto_ir::ods::MemoryEffects::WRITE != 0 {
            let (s, e) = pto_ir::ods::operand_range(spec, body, op, g);
            out.extend((s..e).map(|i| body.operand(op, i)));
        }
    }
    out
}

use pto_pypto::{
    TensorAddOp, TensorAddScalarOp, TensorDivOp, TensorDivScalarOp, TensorExpOp, TensorMaximumOp,
    TensorMinimumOp, TensorMulOp, TensorMulScalarOp, TensorNegOp, TensorRowMaxOp, TensorRowSumOp,
    TensorSqrtOp, TensorSubOp, TensorSubScalarOp, TensorTransposeOp,
};

/// The pypto op of an elementwise op of two tensors.
fn binary(body: &Body<'_>, op: OpId) -> Option<&'static str> {
    Some(if AddOp::from_op(body, op).is_some() {
        TensorAddOp::NAME
    } else if SubOp::from_op(body, op).is_some() {
        TensorSubOp::NAME
    } else if MulOp::from_op(body, op).is_some() {
        TensorMulOp::NAME
    } else if DivOp::from_op(body, op).is_some() {
        TensorDivOp::NAME
    } else if MaxOp::from_op(body, op).is_some() {
        TensorMaximumOp::NAME
    } else if MinOp::from_op(body, op).is_some() {
        TensorMinimumOp::NAME
    } else {
        return None;
    })
}

/// The pypto op of a tensor-scalar op, and whether the scalar comes first.
fn with_scalar(body: &Body<'_>, op: OpId) -> Option<(&'static str, bool)> {
    Some(if AddScalarOp::from_op(body, op).is_some() {
        (TensorAddScalarOp::NAME, false)
    } else if SubScalarOp::from_op(body, op).is_some() {
        (TensorSubScalarOp::NAME, false)
    } else if MulScalarOp::from_op(body, op).is_some() {
        (TensorMulScalarOp::NAME, false)
    } else if DivScalarOp::from_op(body, op).is_some() {
        (TensorDivScalarOp::NAME, false)
    } else if MaxScalarOp::from_op(body, op).is_some() {
        (pto_pypto::TensorMaximumScalarOp::NAME, false)
    } else if MinScalarOp::from_op(body, op).is_some() {
        (pto_pypto::TensorMinimumScalarOp::NAME, false)
    } else if RSubScalarOp::from_op(body, op).is_some() {
        (TensorSubScalarOp::NAME, true)
    } else if RDivScalarOp::from_op(body, op).is_some() {
        (TensorDivScalarOp::NAME, true)
    } else {
        return None;
    })
}

/// The pypto op of an elementwise op of one tensor.
fn unary(body: &Body<'_>, op: OpId) -> Option<&'static str> {
    Some(if ExpOp::from_op(body, op).is_some() {
        TensorExpOp::NAME
    } else if SqrtOp::from_op(body, op).is_some() {
        TensorSqrtOp::NAME
    } else if NegOp::from_op(body, op).is_some() {
        TensorNegOp::NAME
    } else if LogOp::from_op(body, op).is_some() {
        pto_pypto::TensorLogOp::NAME
    } else if AbsOp::from_op(body, op).is_some() {
        pto_pypto::TensorAbsOp::NAME
    } else if ReluOp::from_op(body, op).is_some() {
        pto_pypto::TensorReluOp::NAME
    } else {
        return None;
    })
}

/// The pypto row reduction of a reduction op.
fn reduction(body: &Body<'_>, op: OpId) -> Option<&'static str> {
    Some(if SumOp::from_op(body, op).is_some() {
        TensorRowSumOp::NAME
    } else if ReduceMaxOp::from_op(body, op).is_some() {
        TensorRowMaxOp::NAME
    } else if ReduceMinOp::from_op(body, op).is_some() {
        pto_pypto::TensorRowMinOp::NAME
    } else if ProdOp::from_op(body, op).is_some() {
        pto_pypto::TensorRowProdOp::NAME
    } else {
        return None;
    })
}

/// A reshape's sizes with `-1` resolved against the tensor's element count.
fn resolve_reshape(shape: &[i64], t: Type<'_>) -> Option<Vec<i64>> {
    let dims = Shaped::of(t)?.static_shape()?;
    let total: i64 = dims.iter().product();
    let known: i64 = shape.iter().filter(|&&d| d >= 0).product();
    let holes = shape.iter().filter(|&&d| d < 0).count();
    match holes {
        0 => (known == total).then(|| shape.to_vec()),
        1 if known > 0 && total % known == 0 => Some(
            shape
                .iter()
                .map(|&d| if d < 0 { total / known } else { d })
                .collect(),
        ),
        _ => None,
    }
}
